/** @jsxRuntime automatic @jsxImportSource react */
// tsx reads the root tsconfig only for the folders it includes (not server/): the pragma keeps the automatic runtime in `npm start` and the worker.
import { formatLongDate } from '../../../src/lib/dates.ts';
import { clipsText } from '../../../src/lib/i18n-clips.ts';
import { MailLayout, renderMailHtml } from './mail-layout.tsx';
import { mailText, type MailLanguage } from './strings.ts';

/** Her published work on her site, as src/lib/paths.ts's CLIPS_PATH (that file reads `window`, outside the server's types); reserved slugs in the database. */
const CLIPS_PATH: Record<MailLanguage, string> = { pt: '/pt/publicacoes', en: '/en/published-work' };

/** A clip of her published work as its mail needs it (public.clips, and whether its archived copy exists). */
export interface MailedClip {
  id: string;
  kind: 'web' | 'print';
  url: string | null;
  title: string;
  outlet: string | null;
  byline: string | null;
  /** The day the outlet published it (YYYY-MM-DD), often years ago. */
  published_on: string | null;
  language: MailLanguage;
  summary: string | null;
  image_url: string | null;
  image_alt: string | null;
  slug: string;
  /** "Mostrar cópia arquivada" on and a copy kept: her site has the clip's own page. */
  copy_shown: boolean;
}

export interface ClipMailInput {
  clip: MailedClip;
  siteName: string;
  siteUrl: string;
  /** The subscriber's unsubscribe page. */
  unsubscribeUrl: string;
}

/**
 * A new piece of her published work as subscribers receive it: picture,
 * "Publicado originalmente em {veículo}, {data}." as the public pages say it,
 * title, byline, summary; the piece at the outlet, its page on her site when
 * she shows the archived copy, and her list of published work; the way out.
 * Her site's links carry ?ref=newsletter like a post's (issue 27's statistics).
 */
export function clipMail(input: ClipMailInput): { subject: string; text: string; html: string } {
  const { clip } = input;
  const lang = clip.language;
  const t = mailText[lang];
  const c = clipsText(lang);
  const onSite = (path: string) => `${input.siteUrl}${path}?ref=newsletter`;
  const copyUrl = clip.copy_shown ? onSite(`${CLIPS_PATH[lang]}/${encodeURIComponent(clip.slug)}`) : undefined;
  const listUrl = onSite(CLIPS_PATH[lang]);
  // A print clip's file lives in the storage's public bucket, whose address the worker does not know: her list opens it.
  const original = clip.kind === 'web' && clip.url ? clip.url : undefined;
  const titleUrl = copyUrl ?? original ?? listUrl;
  // A day, not an instant: read at noon UTC it is the same day in the site's time zone (as clip-date.ts does).
  const date = clip.published_on ? formatLongDate(`${clip.published_on}T12:00:00Z`, lang) : '';
  const outlet = clip.outlet?.trim();
  const origin = outlet ? (date ? c.originallyPublished(outlet, date) : c.originallyPublishedNoDate(outlet)) : '';
  const byline = clip.byline?.trim() ? c.by(clip.byline.trim()) : '';
  const summary = clip.summary?.trim() ?? '';
  const links = [
    ...(original ? [{ label: c.readOriginal, href: original }] : []),
    ...(copyUrl ? [{ label: c.readCopy, href: copyUrl }] : []),
    { label: c.seeAllLabel, href: listUrl },
  ];

  const footer = (
    <>
      <p style={{ margin: '0 0 8px' }}>{t.why(input.siteName)}</p>
      <p style={{ margin: 0 }}>
        <a href={input.unsubscribeUrl}>{t.unsubscribe}</a>
      </p>
    </>
  );
  const html = renderMailHtml(
    <MailLayout lang={lang} siteName={input.siteName} siteUrl={input.siteUrl} title={clip.title} footer={footer}>
      {clip.image_url && (
        <img src={clip.image_url} alt={clip.image_alt ?? ''} width={600} style={{ display: 'block', width: '100%', maxWidth: 600, height: 'auto', margin: '0 0 24px' }} />
      )}
      {origin && <p style={{ fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 14, color: '#57534e', margin: '0 0 8px' }}>{origin}</p>}
      <h1 style={{ fontSize: 30, margin: '0 0 12px' }}>
        <a href={titleUrl} style={{ color: '#1c1917', textDecoration: 'none' }}>{clip.title}</a>
      </h1>
      {byline && <p style={{ fontSize: 15, color: '#57534e', margin: '0 0 16px' }}>{byline}</p>}
      {summary && <p style={{ fontSize: 19, color: '#44403c', margin: '0 0 24px' }}>{summary}</p>}
      {links.map((link) => (
        <p key={link.href} style={{ margin: '12px 0 0' }}>
          <a href={link.href}>{link.label}</a>
        </p>
      ))}
    </MailLayout>,
  );
  const text = [
    origin,
    clip.title,
    byline,
    '',
    summary,
    '',
    ...links.map((link) => `${link.label}: ${link.href}`),
    '',
    '--',
    t.why(input.siteName),
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
  ]
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''))
    .join('\n');
  return { subject: clip.title, text, html };
}
