-- migration: statement timeouts of the api roles
-- purpose: no anonymous or signed-in request may hold the database for long.
--          hosted supabase ships these values; setting them here makes every
--          database (hosted, self-hosted postgresql, the embedded one) agree.
--          the api applies a role's settings to each request it runs as that
--          role (postgrest's "impersonated role settings"; the local backend
--          does the same, and on pglite enforces the timeout itself).
-- affects: roles anon, authenticated (service_role keeps none: trusted jobs)

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
