// Supabase Edge Function (Deno): `supabase functions deploy fediverse --no-verify-jwt`, with the
// secrets SITE_URL (and OUTBOUND_ALLOW_HOSTS if any); SUPABASE_DB_URL is given to every function.
// The static host rewrites /.well-known/webfinger, /.well-known/nodeinfo, /nodeinfo/* and /ap/* here
// (docs/guides/hosted-supabase.md). See handler.ts.
import { openPostgres } from '../../../server/db/postgres.ts';
import { createPublicFetch, parseOutboundAllowHosts } from '../../../server/outbound/public-fetch.ts';
import { createFediverseHandler } from './handler.ts';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Promise<Response>): void };
// Supabase's Edge Runtime keeps an instance alive for the promises given here after the answer.
declare const EdgeRuntime: { waitUntil(work: Promise<unknown>): void } | undefined;

const siteUrl = Deno.env.get('SITE_URL');
const databaseUrl = Deno.env.get('SUPABASE_DB_URL');
if (!siteUrl || !databaseUrl) throw new Error('The fediverse function needs SITE_URL (supabase secrets set SITE_URL=https://example.com) and SUPABASE_DB_URL.');

// No LISTEN connection: the function keeps no pages to invalidate.
const db = await openPostgres(databaseUrl, { listen: false });
// As the local backend's (server/fediverse/index.ts): remote documents of 1 MB and 10 s at most.
const allowHosts = parseOutboundAllowHosts(Deno.env.get('OUTBOUND_ALLOW_HOSTS'));
const publicFetch = createPublicFetch({ timeoutMs: 10_000, maxBytes: 1024 * 1024, methods: ['GET', 'HEAD'], allowHosts });

const background = typeof EdgeRuntime === 'undefined' ? undefined : (work: () => Promise<unknown>) => EdgeRuntime!.waitUntil(work());
Deno.serve(createFediverseHandler({ db, publicFetch, allowHosts, siteUrl, background }));
