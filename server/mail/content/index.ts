/**
 * One queued row → the mail to send (server/mail/compose.ts's OutgoingMail).
 * The only place that knows each kind's words, links and headers.
 */
import type { OutgoingMail } from '../compose.ts';
import type { QueuedMail } from '../queue.ts';
import { authMail } from './auth-mail.tsx';
import { clipMail, type MailedClip } from './clip-mail.tsx';
import { confirmMail } from './confirm-mail.tsx';
import { postMail, type MailedPost } from './post-mail.tsx';
import type { MailLanguage } from './strings.ts';

export type { MailedPost } from './post-mail.tsx';
export type { MailedClip } from './clip-mail.tsx';

export interface MailSite {
  /** The origin of every link in mails: SITE_URL, or the local backend's own address. */
  siteUrl: string;
  /** MAIL_FROM: its display name wins over the site's name. */
  from: { name: string; address: string };
  /** MAIL_ONE_CLICK_URL: the List-Unsubscribe address; default the site's own unsubscribe page, which answers the POST too. */
  oneClickUrl?: string | undefined;
}

export interface MailSources {
  /** Whether readers may see the post now: asked for every mail, so none goes out once she withdraws it. */
  isPublic(id: string): Promise<boolean>;
  /** The post, public or not (her test copy; a subscriber's once isPublic said yes). */
  post(id: string): Promise<MailedPost | undefined>;
  /** Whether readers may see the clip now (published): asked for every mail, like a post's. */
  isClipPublic(id: string): Promise<boolean>;
  /** The clip, once isClipPublic said yes. */
  clip(id: string): Promise<MailedClip | undefined>;
  /** The site's name in a language (the author_name setting). */
  siteName(language: MailLanguage): Promise<string>;
}

/** Not sent, and why (recorded as the row's reason). */
export interface Skipped {
  skip: string;
}

/** Not now: its post or clip is not public at the moment; the mail waits for it. */
export interface Postponed {
  postpone: string;
}

export interface MailRenderer {
  render(mail: QueuedMail): Promise<OutgoingMail | Skipped | Postponed>;
}

/** How long a post's or clip's rendered mail and the site's name are reused: a send to thousands renders it once, an edit shows within seconds (whether it is public is asked for every mail). */
const REUSE_MS = 5_000;

/** Stands for the subscriber's own unsubscribe address in a post or clip rendered once for all (letters and digits: escaping leaves it alone). */
const UNSUBSCRIBE_MARK = 'UNSUBSCRIBEADDRESSx7f3q';

export function createMailRenderer(site: MailSite, sources: MailSources): MailRenderer {
  const names = new Map<MailLanguage, { name: string; until: number }>();
  const siteNameIn = async (lang: MailLanguage) => {
    const kept = names.get(lang);
    if (kept && kept.until > Date.now()) return kept.name;
    const name = site.from.name || (await sources.siteName(lang)) || domainOf(site.from.address);
    names.set(lang, { name, until: Date.now() + REUSE_MS });
    return name;
  };
  const written = new Map<string, { mail: Written | undefined; until: number }>();
  /** The mail of a post or clip with UNSUBSCRIBE_MARK for the address, or undefined when it is gone. */
  const reuse = async (key: string, write: () => Promise<Written | undefined>) => {
    const kept = written.get(key);
    if (kept && kept.until > Date.now()) return kept.mail;
    const mail = await write();
    if (written.size > 100) written.clear();
    written.set(key, { mail, until: Date.now() + REUSE_MS });
    return mail;
  };
  const postFor: WrittenFor = (id, siteName) =>
    reuse(`post:${id}`, async () => {
      const post = await sources.post(id);
      return post && postMail({ post, siteName, siteUrl: site.siteUrl, unsubscribeUrl: UNSUBSCRIBE_MARK, test: false });
    });
  const clipFor: WrittenFor = (id, siteName) =>
    reuse(`clip:${id}`, async () => {
      const clip = await sources.clip(id);
      return clip && clipMail({ clip, siteName, siteUrl: site.siteUrl, unsubscribeUrl: UNSUBSCRIBE_MARK });
    });
  return { render: (mail) => renderQueuedMail(mail, site, sources, siteNameIn, postFor, clipFor) };
}

async function renderQueuedMail(
  mail: QueuedMail,
  site: MailSite,
  sources: MailSources,
  siteNameIn: (lang: MailLanguage) => Promise<string>,
  postFor: WrittenFor,
  clipFor: WrittenFor,
): Promise<OutgoingMail | Skipped | Postponed> {
  const lang: MailLanguage = mail.language === 'en' ? 'en' : 'pt';
  const siteName = await siteNameIn(lang);
  const base = {
    to: mail.recipient,
    from: formatFrom(siteName, site.from.address),
    messageId: `<${mail.kind}.${mail.id}@${domainOf(site.from.address)}>`,
  };
  const payload = mail.payload;
  switch (mail.kind) {
    case 'auth': {
      const written = authMail({ subject: String(payload.subject ?? ''), text: String(payload.text ?? ''), siteName, siteUrl: site.siteUrl });
      return { ...base, ...written, headers: { 'Auto-Submitted': 'auto-generated' } };
    }
    case 'newsletter_confirm': {
      if (typeof payload.token !== 'string') return { skip: 'the confirmation link is gone' };
      const languages = Array.isArray(payload.languages) ? payload.languages.map(String) : [lang];
      const written = confirmMail({ lang, siteName, siteUrl: site.siteUrl, token: payload.token, languages });
      return { ...base, ...written, headers: { 'Auto-Submitted': 'auto-generated' } };
    }
    case 'newsletter_test': {
      const post = typeof payload.post_id === 'string' ? await sources.post(payload.post_id) : undefined;
      if (!post) return { skip: 'the post was deleted' };
      return { ...base, ...postMail({ post, siteName, siteUrl: site.siteUrl, unsubscribeUrl: undefined, test: true }) };
    }
    case 'newsletter_post': {
      if (!mail.unsubscribe_token) return { skip: 'the subscriber left' };
      // The rendering is kept a few seconds; whether the post may be read is asked every time.
      const written = mail.post_id && (await sources.isPublic(mail.post_id)) ? await postFor(mail.post_id, siteName) : undefined;
      if (!written || !mail.post_id) return { postpone: 'waiting: the post is not public now (unpublished or rescheduled while it was being sent)' };
      // One identity per post and reader, whatever row or attempt carries it.
      return toSubscriber(mail, written, site, siteName, lang, `post.${mail.post_id}`);
    }
    case 'newsletter_clip': {
      if (!mail.unsubscribe_token) return { skip: 'the subscriber left' };
      // A deleted clip takes its queued mails with it (on delete cascade); a hidden one waits, as a post does.
      const written = mail.clip_id && (await sources.isClipPublic(mail.clip_id)) ? await clipFor(mail.clip_id, siteName) : undefined;
      if (!written || !mail.clip_id) return { postpone: 'waiting: the clip is not public now (hidden while it was being sent)' };
      return toSubscriber(mail, written, site, siteName, lang, `clip.${mail.clip_id}`);
    }
  }
}

type Written = { subject: string; text: string; html: string };
type WrittenFor = (id: string, siteName: string) => Promise<Written | undefined>;

/** A post's or clip's mail to one subscriber: their own unsubscribe link, and the headers of a list (RFC 2369, RFC 8058). */
function toSubscriber(mail: QueuedMail, written: Written, site: MailSite, siteName: string, lang: MailLanguage, identity: string): OutgoingMail {
  const secret = `token=${encodeURIComponent(mail.unsubscribe_token ?? '')}&lang=${lang}`;
  const unsubscribeUrl = `${site.siteUrl}/newsletter/unsubscribe?${secret}`;
  const oneClickUrl = `${site.oneClickUrl ?? `${site.siteUrl}/newsletter/unsubscribe`}?${secret}`;
  const domain = domainOf(site.from.address);
  return {
    to: mail.recipient,
    from: formatFrom(siteName, site.from.address),
    messageId: `<${identity}.${mail.subscriber_id}@${domain}>`,
    subject: written.subject,
    text: written.text.replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl),
    html: written.html.replaceAll(UNSUBSCRIBE_MARK, unsubscribeUrl.replaceAll('&', '&amp;')),
    headers: {
      // RFC 2369 and RFC 8058: mail clients show their own "unsubscribe", which POSTs to the https address.
      'List-Unsubscribe': `<${oneClickUrl}>, <mailto:${site.from.address}?subject=unsubscribe>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${quoteName(siteName)} <newsletter-${lang}.${domain}>`,
      Precedence: 'bulk',
    },
  };
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'localhost';
}

/** A display name as a quoted string (RFC 5322), so commas or dots in the site's name stay in the name. */
function quoteName(name: string): string {
  return `"${name.replace(/[\\"\r\n]/g, (c) => (c === '\r' || c === '\n' ? ' ' : `\\${c}`))}"`;
}

function formatFrom(name: string, address: string): string {
  return name ? `${quoteName(name)} <${address}>` : address;
}
