-- migration: her earlier account may be given as @user@host (issue 45's audit, decision 310)
-- purpose: Mastodon's Move checks that the new account's alsoKnownAs holds
--          the old account's actor id (https://mastodon.social/users/voce),
--          not the profile address people copy (https://mastodon.social/@voce).
--          the server now resolves what she typed to the actor id (webfinger
--          or the profile's activitypub document, through the outbound
--          rules) when it builds her actor; so she may type either the
--          profile address or the handle, and the check accepts both.
-- affects: constraint fediverse_accounts_also_known_as_valid on
--          public.fediverse_accounts (replaced)

alter table public.fediverse_accounts drop constraint fediverse_accounts_also_known_as_valid;

alter table public.fediverse_accounts add constraint fediverse_accounts_also_known_as_valid check (
  also_known_as is null
  or also_known_as ~ '^https://[^[:space:]]+$'
  or also_known_as ~ '^@?[A-Za-z0-9_.-]+@[A-Za-z0-9.-]+(:[0-9]{1,5})?$'
);

comment on column public.fediverse_accounts.also_known_as is 'Her earlier account, as she typed it: its https profile address or @user@host. The server resolves it to the actor id for alsoKnownAs (cached in private.fediverse_kv).';
