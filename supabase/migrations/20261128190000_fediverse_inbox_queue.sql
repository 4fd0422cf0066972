-- migration: her inbox answers at once and does its work in a queue (issue 45)
-- purpose: an activity whose signature verified was handled inside the
--          request: fetching the sender's actor and writing the follower or
--          the reply held the remote server's connection for as long as that
--          took. now the inbox writes the verified activity here and answers
--          202; a worker (the local backend's, the fediverse edge function
--          after its answer, or npm run fediverse-worker) takes it with a
--          lease and runs the listeners. a kill -9 loses nothing: a message
--          is deleted only once handled, and a lease left by a dead worker
--          lapses. one actor's messages (or fedify's own ordering key) are
--          taken oldest first, one at a time, so a delete never overtakes its
--          create; a server may have only so many waiting (the inbox answers
--          429 past that), so no sender can fill the database.
-- affects: table private.fediverse_inbox_queue

create table private.fediverse_inbox_queue (
  id bigint generated always as identity primary key,
  -- fedify's own message (the activity's json-ld, its recipient, the retry count).
  message jsonb not null,
  -- the sending actor's server (host): how many it has waiting is bounded (the inbox answers 429 past it).
  sender text,
  -- the sending actor, unless fedify gave its own key: one actor's activities are handled in the order they came.
  ordering_key text,
  not_before timestamptz not null default now(),
  claim uuid,
  claimed_until timestamptz,
  -- how often a worker took it; past a limit it is dropped (said in the log).
  taken integer not null default 0,
  created_at timestamptz not null default now()
);

comment on table private.fediverse_inbox_queue is 'Verified inbox activities waiting for their listeners: taken by a worker with a lease, deleted once handled; the oldest of an ordering key first.';

create index fediverse_inbox_queue_due_idx on private.fediverse_inbox_queue (not_before, id);
create index fediverse_inbox_queue_ordering_idx on private.fediverse_inbox_queue (ordering_key, id) where ordering_key is not null;
create index fediverse_inbox_queue_sender_idx on private.fediverse_inbox_queue (sender);

alter table private.fediverse_inbox_queue enable row level security;
