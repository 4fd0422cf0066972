import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminText } from '@/lib/i18n-admin';
import { useFocusEffect } from '@/lib/use-focus-effect';
import type { DownloadResult } from '../api/download-images';
import type { ImportReport } from '../api/import-archive';
import { reportText } from '../browser/report-text';
import { saveFile, siteDay } from '../browser/save-file';
import { LinkedImages } from './linked-images';
import { MessageList } from './message-list';

/** The end of an import: what was created, updated or left as it was, the pictures, what was skipped and why; downloadable. */
export function ImportReportView({ report: done, onAnother }: { report: ImportReport; onAnother: () => void }) {
  const t = adminText.archive;
  const heading = useRef<HTMLHeadingElement>(null);
  const [report, setReport] = useState(done);
  const [images, setImages] = useState<DownloadResult | null>(null);
  useFocusEffect(() => heading.current?.focus(), []);

  const download = () => {
    const now = new Date();
    const text = reportText(report, images, window.location.origin, now);
    saveFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), t.report.fileName(siteDay(now)));
  };

  return (
    <section aria-labelledby="archive-report-heading" className="grid gap-5">
      <h3 id="archive-report-heading" ref={heading} tabIndex={-1} className="font-serif text-lg font-semibold text-stone-900 outline-none">
        {t.reportTitle}
      </h3>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-stone-900">
        <li className="font-semibold">{t.created(report.created)}</li>
        <li>{t.updated(report.updated)}</li>
        <li>{t.unchanged(report.unchanged)}</li>
        {report.deleted > 0 && <li>{t.deleted(report.deleted)}</li>}
        {report.demoRemoved > 0 && <li>{t.demoRemovedReport(report.demoRemoved)}</li>}
        <li>{t.imagesUploaded(report.imagesUploaded)}</li>
        {report.settingsRestored > 0 && <li>{t.settingsRestored(report.settingsRestored)}</li>}
        {report.objectsRestored > 0 && <li>{t.objectsRestored(report.objectsRestored)}</li>}
        {report.subscribersRestored > 0 && <li>{t.subscribersRestored(report.subscribersRestored)}</li>}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {t.downloadReport}
        </Button>
        <Button type="button" variant="outline" onClick={onAnother}>
          {t.anotherFile}
        </Button>
      </div>
      <LinkedImages
        report={report}
        onCopied={(result, linkedImages) => {
          setImages(result);
          setReport((r) => ({ ...r, linkedImages }));
        }}
      />
      <MessageList
        title={t.importedTitle(report.posts.length)}
        items={report.posts}
        render={(post) => `${post.title} (${t.report.outcomes[post.outcome]})`}
      />
      <MessageList title={t.skippedDoneTitle(report.skipped.length)} items={report.skipped} render={(s) => `${s.title || s.kind}: ${s.reason}`} />
      <MessageList title={t.warningsTitle(report.warnings.length)} items={report.warnings} render={(w) => `${w.item}: ${w.message}`} />
    </section>
  );
}
