/**
 * `npm run import -- <file> [--language pt|en] [--category "Old name=Relações com Mídia"] [--download-images] [--replace] [--remove-demo] [--dry-run]`
 *
 * Takes in a WordPress export (WXR .xml, or a zip holding one), a Substack
 * or Medium export zip, or this site's own backup zip, through the same code
 * as the admin screen's "Importar e exportar" tab (src/features/archive):
 * the whole file is read and understood first, and its summary printed;
 * with --dry-run nothing more happens. Then the posts are written, on the
 * backend create-admin would use (server/cli/create-admin.ts: SUPABASE_URL
 * and SUPABASE_SERVICE_ROLE_KEY, hosted included; else the server running on
 * DATA_DIR; else one started in this process). Running it again completes an
 * import cut short and changes nothing after a complete one.
 *
 * Exit codes: 0 done, 2 bad usage, 1 anything else (the reason on stderr).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { downloadLinkedImages } from '../../src/features/archive/api/download-images.ts';
import { importArchive, type ImportReport } from '../../src/features/archive/api/import-archive.ts';
import { ARCHIVE_LIMITS, ArchiveError, type ArchivePlan } from '../../src/features/archive/lib/plan.ts';
import { describeArchiveError, readArchive } from '../../src/features/archive/lib/read-archive.ts';
import { summarizePlan } from '../../src/features/archive/lib/summary.ts';
import { CATEGORIES } from '../../src/lib/categories.ts';
import type { Language } from '../../src/lib/language.ts';
import { fetchPublicImage } from '../archive/public-fetch.ts';
import { sizeImageWithSharp } from '../archive/size-image.ts';
import { CliError, exitCodeFor, resolveTarget, serviceClient } from './create-admin.ts';
import { requireSupportedNode } from '../runtime.ts';

const USAGE =
  'Usage: npm run import -- <file.xml|file.zip> [--language pt|en] [--category "Source category=Site category"]… [--download-images] [--replace] [--remove-demo] [--dry-run]';

export interface ImportArgs {
  file: string;
  language: Language;
  categoryMap: Record<string, number>;
  downloadImages: boolean;
  /** A backup only: delete the posts it does not hold, so the site is the backup's exactly. */
  replace: boolean;
  /** Delete the example posts a new install starts with (those the file does not hold): "Remover conteúdo de exemplo". */
  removeDemo: boolean;
  dryRun: boolean;
}

/** "Old name=Relações com Mídia" or "Old name=Media Relations" or "Old name=1" (a place in the lists, 1 to 4). */
function categoryMapping(value: string, map: Record<string, number>): void {
  const eq = value.lastIndexOf('=');
  const source = value.slice(0, eq).trim();
  const target = value.slice(eq + 1).trim();
  const index = /^[1-4]$/.test(target)
    ? Number(target) - 1
    : Math.max((CATEGORIES.pt as readonly string[]).indexOf(target), (CATEGORIES.en as readonly string[]).indexOf(target));
  if (eq < 1 || !source || index < 0) {
    throw new CliError(`--category needs "Source category=Site category", the site's being one of: ${[...CATEGORIES.pt, ...CATEGORIES.en].join(', ')} (or 1 to 4).\n${USAGE}`, 2);
  }
  map[source] = index;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  const args: ImportArgs = { file: '', language: 'pt', categoryMap: {}, downloadImages: false, replace: false, removeDemo: false, dryRun: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') && !arg.startsWith('--category=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : arg.startsWith('--category=') ? ['--category', arg.slice('--category='.length)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new CliError(`${flag} needs a value.\n${USAGE}`, 2);
      return v;
    };
    if (flag === '--language') {
      const v = value();
      if (v !== 'pt' && v !== 'en') throw new CliError(`--language is pt or en, not ${v}.\n${USAGE}`, 2);
      args.language = v;
    } else if (flag === '--category') categoryMapping(value(), args.categoryMap);
    else if (flag === '--download-images') args.downloadImages = true;
    else if (flag === '--dry-run') args.dryRun = true;
    else if (flag === '--replace') args.replace = true;
    else if (flag === '--remove-demo') args.removeDemo = true;
    else if (flag === '--help' || flag === '-h') throw new CliError(USAGE, 0);
    else if (flag.startsWith('--')) throw new CliError(`Unknown argument ${arg}.\n${USAGE}`, 2);
    else if (args.file) throw new CliError(`One file at a time (got ${args.file} and ${arg}).\n${USAGE}`, 2);
    else args.file = arg;
  }
  if (!args.file) throw new CliError(`Which file? ${USAGE}`, 2);
  return args;
}

async function readPlan(file: string): Promise<ArchivePlan> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    throw new CliError(`Cannot read ${file}: no such file.`, 2);
  }
  if (size > ARCHIVE_LIMITS.maxFileBytes) throw new CliError(describeArchiveError(new ArchiveError('too_large', `${file}: ${size} bytes`), 'en'));
  try {
    return readArchive(new Uint8Array(await readFile(file)), path.basename(file));
  } catch (e) {
    if (e instanceof ArchiveError) throw new CliError(describeArchiveError(e, 'en'));
    throw e;
  }
}

export function printSummary(plan: ArchivePlan, language: Language, out: (line: string) => void): void {
  const s = summarizePlan(plan);
  out(`${plan.fileName}: ${plan.source === 'backup' ? "this site's backup" : `a ${plan.source} export`}.`);
  out(`Posts: ${s.posts} (${s.published} published, ${s.scheduled} scheduled, ${s.drafts} drafts)${s.from ? `, from ${s.from.slice(0, 10)} to ${s.to!.slice(0, 10)}` : ''}.`);
  if (plan.source !== 'backup') out(`Language of posts whose source does not say: ${language}.`);
  for (const c of s.categories) out(`  category "${c.name}": ${c.count} post(s)`);
  out(`Images: ${s.imagesInFile} in the file, ${s.imagesLinked} only linked.`);
  if (s.subscribers !== null) out(`Subscribers found: ${s.subscribers} (the newsletter takes them in; not imported now).`);
  if (plan.source === 'backup') out(`Settings: ${s.settings}. Stored files: ${s.storedObjects}.${s.backupSubscribers === null ? '' : ` Subscribers: ${s.backupSubscribers}.`}`);
  out(`Skipped: ${s.skipped}. Warnings: ${s.warnings}.`);
  for (const item of plan.skipped) out(`  skipped: ${item.title} — ${item.reason}`);
  for (const w of plan.warnings) out(`  warning: ${w.item} — ${w.message}`);
}

function printReport(report: ImportReport, knownWarnings: number, out: (line: string) => void): void {
  out(`Done: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged; ${report.imagesUploaded} image(s) uploaded.`);
  if (report.deleted) out(`Deleted (not in the backup): ${report.deleted} post(s).`);
  if (report.demoRemoved) out(`Example posts removed: ${report.demoRemoved}.`);
  if (report.settingsRestored || report.objectsRestored) out(`Settings changed: ${report.settingsRestored}. Stored files restored: ${report.objectsRestored}.`);
  if (report.revisionsRestored || report.subscribersRestored) out(`Earlier versions restored: ${report.revisionsRestored}. Subscribers restored: ${report.subscribersRestored}.`);
  for (const p of report.posts) if (p.outcome !== 'unchanged') out(`  ${p.outcome}: /${p.language}/${p.slug} — ${p.title}`);
  for (const w of report.warnings.slice(knownWarnings)) out(`  warning: ${w.item} — ${w.message}`);
  if (report.linkedImages.length) out(`Images still linked to other sites: ${report.linkedImages.length} (run again with --download-images to copy them).`);
}

export async function main(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  try {
    const args = parseImportArgs(argv);
    const plan = await readPlan(args.file);
    if (args.replace && plan.source !== 'backup') throw new CliError(`--replace restores a backup; ${args.file} is a ${plan.source} export.\n${USAGE}`, 2);
    printSummary(plan, args.language, console.log);
    if (args.replace) console.log("Replace: the site's posts that the backup does not hold will be deleted.");
    if (args.removeDemo) console.log('Remove demo content: the example posts of a new install that the file does not hold will be deleted.');
    if (args.dryRun) {
      console.log('Dry run: nothing written.');
      return 0;
    }
    const target = await resolveTarget(env);
    try {
      const client = serviceClient(target) as Parameters<typeof importArchive>[0];
      let shown = -1;
      const report = await importArchive(client, plan, {
        language: args.language,
        categoryMap: args.categoryMap,
        sizeImage: sizeImageWithSharp,
        replace: args.replace,
        removeDemo: args.removeDemo,
        onProgress: (done, total) => {
          const percent = total ? Math.floor((done / total) * 100) : 100;
          if (percent >= shown + 10 || done === total) {
            shown = percent;
            console.error(`… ${done} of ${total}`);
          }
        },
      });
      console.log(`Imported into ${target.description}.`);
      printReport(report, plan.warnings.length, console.log);
      if (args.downloadImages && report.linkedImages.length) {
        const result = await downloadLinkedImages(client, report, { sizeImage: sizeImageWithSharp, fetchImage: fetchPublicImage });
        console.log(`Images copied into Storage: ${result.copied.length}; failed: ${result.failed.length}.`);
        for (const f of result.failed) console.log(`  not copied: ${f.url} — ${f.reason}`);
      }
      return 0;
    } finally {
      await target.close();
    }
  } catch (e) {
    return exitCodeFor('import', e);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  requireSupportedNode();
  process.exitCode = await main(process.argv.slice(2), process.env);
}
