/**
 * `npm run clips -- add <address>… [--hidden] | feed <author page or feed> | csv <file> | check | worker [--once]`
 *
 * Her published work from the command line (issue 43): the same clip jobs
 * and the same code as the admin screen's "Publicações" (server/clips/),
 * on the backend create-admin would use (SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY, hosted included; else the server running on
 * DATA_DIR; else one started in this process). `worker` is the hosted
 * project's clips worker, run beside the mail worker; `check` is one pass of
 * the link check (a scheduled job runs it weekly on hosted).
 * OUTBOUND_ALLOW_HOSTS (host:port,…) exempts hosts from the private-address
 * rule; SITE_URL names the site in the User-Agent.
 *
 * Exit codes: 0 all done, 2 some refused (each listed), 1 nothing done.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { runBatch, type FinishedJob, type JobRequest } from '../clips/batch.ts';
import { createClipsFetch } from '../clips/fetch.ts';
import { startClipsWorker } from '../clips/worker.ts';
import { parseOutboundAllowHosts } from '../outbound/allow-hosts.ts';
import { requireSupportedNode } from '../runtime.ts';
import { CliError, exitCodeFor, resolveTarget, serviceClient } from './create-admin.ts';

const USAGE = 'Usage: npm run clips -- add <address>… [--hidden] | feed <author page or feed address> | csv <file.csv> | check | worker [--once]';

export type ClipsArgs =
  | { command: 'add'; addresses: string[]; hidden: boolean }
  | { command: 'feed'; address: string }
  | { command: 'csv'; file: string }
  | { command: 'check' }
  | { command: 'worker'; once: boolean };

export function parseClipsArgs(argv: string[]): ClipsArgs {
  const [command, ...rest] = argv;
  const flags = rest.filter((a) => a.startsWith('--'));
  const words = rest.filter((a) => !a.startsWith('--'));
  const allowed: Record<string, string[]> = { add: ['--hidden'], worker: ['--once'] };
  for (const flag of flags) if (!(allowed[command ?? ''] ?? []).includes(flag)) throw new CliError(`Unknown option ${flag}.\n${USAGE}`, 1);
  switch (command) {
    case 'add':
      if (!words.length) throw new CliError(`Give at least one address.\n${USAGE}`, 1);
      return { command, addresses: words, hidden: flags.includes('--hidden') };
    case 'feed':
      if (words.length !== 1) throw new CliError(`Give one author page or feed address.\n${USAGE}`, 1);
      return { command, address: words[0]! };
    case 'csv':
      if (words.length !== 1) throw new CliError(`Give one CSV file.\n${USAGE}`, 1);
      return { command, file: words[0]! };
    case 'check':
    case 'worker':
      if (words.length) throw new CliError(`${command} takes no address.\n${USAGE}`, 1);
      return command === 'check' ? { command } : { command, once: flags.includes('--once') };
    default:
      throw new CliError(USAGE, 1);
  }
}

/** Prints each job's outcome; 0 all done, 2 some refused, 1 none done. */
function report(jobs: FinishedJob[], refusedLines = 0, addedLines = jobs.filter((j) => j.state === 'done').length): number {
  for (const job of jobs) {
    if (job.state === 'failed') console.error(`refused  ${job.input ?? job.kind}: ${job.error}`);
    else if (job.kind === 'add') console.log(`added    ${job.input}`);
  }
  const refused = jobs.filter((j) => j.state === 'failed').length + refusedLines;
  if (!refused) return 0;
  return addedLines > 0 ? 2 : 1;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  try {
    const args = parseClipsArgs(argv);
    const csvText = args.command === 'csv' ? readCsv(args.file) : '';
    const allowHosts = parseOutboundAllowHosts(env.OUTBOUND_ALLOW_HOSTS);
    const target = await resolveTarget(env);
    const client = serviceClient(target);
    const fetch = createClipsFetch({ allowHosts, siteUrl: env.SITE_URL });
    try {
      console.error(`Clips on ${target.description}.`);
      if (args.command === 'worker') return await runWorker(client, fetch, args.once);
      const run = (requests: JobRequest[]) => runBatch(client, fetch, requests);
      if (args.command === 'add') {
        return report(await run(args.addresses.map((input) => ({ kind: 'add', input, options: args.hidden ? { status: 'hidden' } : {} }))));
      }
      if (args.command === 'check') {
        const [job] = await run([{ kind: 'check' }]);
        if (job!.state === 'failed') return report([job!]);
        const r = job!.result as Record<string, number>;
        console.log(`checked ${r.checked}: ${r.ok} ok, ${r.failing} failing, ${r.dead} dead ("Original fora do ar"); ${r.skipped} not answered (tried again next time)`);
        return 0;
      }
      if (args.command === 'csv') {
        const [job] = await run([{ kind: 'csv', input: csvText }]);
        if (job!.state === 'failed') return report([job!]);
        const r = job!.result as { added: number; refused: { line: number; reason: string }[] };
        for (const refusal of r.refused) console.error(`refused  line ${refusal.line}: ${refusal.reason}`);
        console.log(`added ${r.added} clip(s), refused ${r.refused.length} line(s)`);
        return r.refused.length ? (r.added ? 2 : 1) : 0;
      }
      const [found] = await run([{ kind: 'feed', input: args.address, options: { follow: true } }]);
      if (found!.state === 'failed') return report([found!]);
      const items = (found!.result as { items: { url: string }[] }).items;
      const { data: feed } = await client.from('clip_feeds').select('id').eq('url', args.address).maybeSingle();
      console.log(`feed ${(found!.result as { feed_url: string }).feed_url}: ${items.length} new piece(s)`);
      if (!items.length) return 0;
      return report(await run(items.map((i) => ({ kind: 'add', input: i.url, options: { source: 'feed', feed_id: feed?.id } }))));
    } finally {
      // the worker closes it too on its way out
      await fetch.close().catch(() => {});
      await target.close();
    }
  } catch (e) {
    return exitCodeFor('clips', e);
  }
}

function readCsv(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new CliError(`Cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`, 1);
  }
}

async function runWorker(client: ReturnType<typeof serviceClient>, fetch: ReturnType<typeof createClipsFetch>, once: boolean): Promise<number> {
  // Hosted runs the weekly link check as `npm run clips -- check` on a schedule; the worker only takes jobs.
  const worker = startClipsWorker({ client, fetch, idleMs: 2_000, log: (m) => console.error(m) });
  if (once) {
    const done = await worker.drain();
    await worker.stop();
    console.log(`${done} job(s) run`);
    return 0;
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await worker.stop();
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2), process.env);
}
