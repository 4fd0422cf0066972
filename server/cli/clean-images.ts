/**
 * `npm run clean-images [-- --dry-run] [-- --keep-hours N]`
 *
 * Deletes from the post-images bucket the pictures no post uses any more (a
 * cover replaced, a picture taken out of a text, a post deleted): each
 * upload is a folder `posts/<folder>/` of several widths, and a folder that
 * neither a post's image_url nor its text names, and that is older than
 * --keep-hours (24 by default, so a picture of a post still being written is
 * kept), goes whole. --dry-run only prints what it would delete.
 *
 * Where: as create-admin (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY for a
 * hosted project, else the local backend), through supabase-js with the
 * service_role key, so it works the same on both.
 */
import { pathToFileURL } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { CliError, runCommand } from './create-admin.ts';
import { requireSupportedNode } from '../runtime.ts';

const BUCKET = 'post-images';
const PAGE = 1000;
const USAGE = 'Usage: npm run clean-images [-- --dry-run] [-- --keep-hours 24]';

export interface CleanArgs {
  dryRun: boolean;
  keepHours: number;
}

export function parseCleanArgs(argv: string[]): CleanArgs {
  const args: CleanArgs = { dryRun: false, keepHours: 24 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--dry-run') args.dryRun = true;
    else if (arg === '--keep-hours') {
      const hours = Number(argv[++i]);
      if (!Number.isFinite(hours) || hours < 0) throw new CliError(`--keep-hours needs a number of hours.\n${USAGE}`, 2);
      args.keepHours = hours;
    } else if (arg === '--help' || arg === '-h') throw new CliError(USAGE, 0);
    else throw new CliError(`Unknown argument ${arg}.\n${USAGE}`, 2);
  }
  return args;
}

/** Upload folders a text or an address names: `…/post-images/posts/<folder>/…`. */
export function foldersNamedIn(text: string | null | undefined): string[] {
  return [...(text ?? '').matchAll(/\/post-images\/posts\/([A-Za-z0-9_-]+)\//g)].map((m) => m[1]!);
}

async function usedFolders(supabase: SupabaseClient): Promise<Set<string>> {
  const used = new Set<string>();
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await supabase.from('blog_posts').select('image_url, content').order('id').range(from, from + PAGE - 1);
    if (error) throw new CliError(`Reading the posts failed: ${error.message}`);
    for (const post of data) for (const folder of [...foldersNamedIn(post.image_url), ...foldersNamedIn(post.content)]) used.add(folder);
    if (data.length < PAGE) return used;
  }
}

async function list(supabase: SupabaseClient, prefix: string) {
  const entries = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await supabase.storage.from(BUCKET).list(prefix, { limit: PAGE, offset });
    if (error) throw new CliError(`Listing ${BUCKET}/${prefix} failed: ${error.message}`);
    entries.push(...data);
    if (data.length < PAGE) return entries;
  }
}

export interface CleanOutcome {
  removed: string[];
  kept: number;
}

export async function cleanImages(supabase: SupabaseClient, args: CleanArgs, now = Date.now()): Promise<CleanOutcome> {
  const used = await usedFolders(supabase);
  const folders = (await list(supabase, 'posts')).filter((e) => e.id === null).map((e) => e.name);
  const removed: string[] = [];
  let kept = 0;
  for (const folder of folders) {
    const files = await list(supabase, `posts/${folder}`);
    const newest = Math.max(...files.map((f) => Date.parse(f.created_at ?? '') || now));
    if (used.has(folder) || now - newest < args.keepHours * 3_600_000) {
      kept++;
      continue;
    }
    const paths = files.filter((f) => f.id !== null).map((f) => `posts/${folder}/${f.name}`);
    if (!args.dryRun && paths.length) {
      const { error } = await supabase.storage.from(BUCKET).remove(paths);
      if (error) throw new CliError(`Removing posts/${folder} failed: ${error.message}`);
    }
    removed.push(...paths);
  }
  return { removed, kept };
}

export function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runCommand('clean-images', argv, env, parseCleanArgs, async (target, args) => {
    const supabase = createClient(target.url, target.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { removed, kept } = await cleanImages(supabase, args);
    for (const path of removed) console.log(`${args.dryRun ? 'would remove' : 'removed'} ${BUCKET}/${path}`);
    console.log(`${removed.length} file(s) ${args.dryRun ? 'unused' : 'removed'}, ${kept} picture folder(s) kept, on ${target.description}.`);
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2), process.env);
}
