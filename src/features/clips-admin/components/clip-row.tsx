import { AlertTriangle, ExternalLink } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { adminText } from '@/lib/i18n-admin';
import type { Clip } from '../api/types';
import { hasCopy } from '../lib/clip-facts';
import { formatDay, formatInstant } from '../lib/format-day';
import { ClipToggle } from './clip-toggle';
import { DeleteClipButton } from './delete-clip-button';
import { EditClipDialog } from './edit-clip-dialog';
import { RefreshCopyButton } from './refresh-copy-button';

/** One clip of the list: what it is, where it stands (status, link, copy), and what she can do with it. */
export function ClipRow({ clip }: { clip: Clip }) {
  const t = adminText.clips;
  const copiedAt = clip.copied_at;
  const facts = [clip.outlet ?? t.noOutlet, clip.published_on ? formatDay(clip.published_on) : t.noDate, t.languageName[clip.language]];
  return (
    <li className="grid gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-serif text-lg font-semibold text-stone-900 [overflow-wrap:anywhere]">{clip.title}</h3>
          <p className="text-sm text-stone-700">{facts.join(' · ')}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant={clip.status === 'published' ? 'solid' : 'outline'}>{t.status[clip.status]}</Badge>
            {clip.featured && <Badge>{t.featured}</Badge>}
            {clip.kind === 'print' && <Badge variant="outline">{t.print}</Badge>}
          </div>
        </div>
        {clip.url && (
          <a
            href={clip.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.openOriginal(clip.title)}
            className="inline-flex items-center gap-1 text-sm text-stone-800 underline underline-offset-4"
          >
            <ExternalLink aria-hidden className="h-4 w-4" />
            {new URL(clip.url).hostname}
          </a>
        )}
      </div>
      {clip.link_status === 'dead' && (
        <p className="flex items-start gap-2 text-sm text-red-800">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong>{t.dead}</strong>
            {clip.link_error && <> · {t.lastReason(clip.link_error)}</>}
          </span>
        </p>
      )}
      {clip.link_status === 'failing' && (
        <p className="text-sm text-amber-900">
          {t.failing}
          {clip.link_error && <> · {t.lastReason(clip.link_error)}</>}
        </p>
      )}
      {clip.kind === 'web' && <p className="text-sm text-stone-600">{copiedAt ? t.hasCopy(formatInstant(copiedAt)) : t.noCopy}</p>}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <ClipToggle
          clipId={clip.id}
          title={clip.title}
          label={t.status.published}
          checked={clip.status === 'published'}
          change={(on) => ({ status: on ? 'published' : 'hidden' })}
        />
        <ClipToggle clipId={clip.id} title={clip.title} label={t.featured} checked={clip.featured} change={(on) => ({ featured: on })} />
        {hasCopy(clip) && (
          <ClipToggle clipId={clip.id} title={clip.title} label={t.showArchive} checked={clip.show_archive} change={(on) => ({ show_archive: on })} />
        )}
        <div className="ml-auto flex flex-wrap gap-2">
          {clip.kind === 'web' && clip.url && <RefreshCopyButton clip={clip} />}
          <EditClipDialog clip={clip} />
          <DeleteClipButton clip={clip} />
        </div>
      </div>
    </li>
  );
}
