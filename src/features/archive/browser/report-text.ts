import { formatLongDate } from '@/lib/dates';
import { adminText } from '@/lib/i18n-admin';
import { paths } from '@/lib/paths';
import type { DownloadResult } from '../api/download-images';
import type { ImportReport } from '../api/import-archive';

const t = adminText.archive;

function section(title: string, lines: string[]): string[] {
  return ['', `${title} (${lines.length})`, ...(lines.length ? lines : [t.report.none])];
}

/**
 * The import's report as a plain text file: the counts, then every post
 * (outcome, language, address, title: tab-separated, so it also opens as a
 * spreadsheet), the pictures still linked (and, after "Baixar imagens", those
 * copied and those not, with why), the items skipped and the warnings.
 */
export function reportText(report: ImportReport, images: DownloadResult | null, origin: string, now: Date): string {
  const r = t.report;
  const counts = [
    t.created(report.created),
    t.updated(report.updated),
    t.unchanged(report.unchanged),
    ...(report.deleted ? [t.deleted(report.deleted)] : []),
    ...(report.demoRemoved ? [t.demoRemovedReport(report.demoRemoved)] : []),
    ...(report.subscribersRestored ? [t.subscribersRestored(report.subscribersRestored)] : []),
  ].join(', ');
  const extras = [
    t.imagesUploaded(report.imagesUploaded),
    ...(report.settingsRestored ? [t.settingsRestored(report.settingsRestored)] : []),
    ...(report.objectsRestored ? [t.objectsRestored(report.objectsRestored)] : []),
  ];
  const lines = [
    r.title,
    r.file(report.fileName),
    r.date(formatLongDate(now.toISOString(), 'pt')),
    '',
    `${r.posts}: ${counts}`,
    `${r.images}: ${extras.join(', ')}`,
    ...section(
      r.posts,
      report.posts.map((post) =>
        [r.outcomes[post.outcome], post.language, new URL(paths.post(post.language, post.slug), origin).toString(), post.title].join('\t'),
      ),
    ),
    ...section(r.linked, report.linkedImages),
  ];
  if (images) {
    lines.push(...section(r.copied, images.copied));
    lines.push(...section(r.failed, images.failed.map((f) => `${f.url}\t${f.reason}`)));
  }
  lines.push(...section(r.skipped, report.skipped.map((s) => `${s.title}\t${s.kind}\t${s.reason}`)));
  lines.push(...section(r.warnings, report.warnings.map((w) => `${w.item}\t${w.message}`)));
  return `${lines.join('\n')}\n`;
}
