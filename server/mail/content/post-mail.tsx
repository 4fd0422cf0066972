/** @jsxRuntime automatic @jsxImportSource react */
// tsx reads the root tsconfig only for the folders it includes (not server/): the pragma keeps the automatic runtime in `npm start` and the worker.
import { Markdown } from '../../../src/features/posts/lib/markdown/markdown.tsx';
import { plainText } from '../../../src/features/posts/lib/markdown/plain-text.ts';
import { MailLayout, renderMailHtml } from './mail-layout.tsx';
import { mailText, type MailLanguage } from './strings.ts';

export interface MailedPost {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  slug: string;
  language: MailLanguage;
  image_url: string | null;
  image_alt: string | null;
}

export interface PostMailInput {
  post: MailedPost;
  siteName: string;
  siteUrl: string;
  /** The subscriber's unsubscribe page; undefined for her test copy. */
  unsubscribeUrl: string | undefined;
  test: boolean;
}

/**
 * A new post as subscribers receive it: cover, title, excerpt, the whole text
 * (the site's own Markdown renderer, so a mail shows what the page shows),
 * a link to it, and the way out.
 */
export function postMail(input: PostMailInput): { subject: string; text: string; html: string } {
  const { post } = input;
  const t = mailText[post.language];
  // ?ref=newsletter: the statistics count a visit from this link as the newsletter's (issue 27).
  const url = `${input.siteUrl}/${post.language}/${encodeURIComponent(post.slug)}?ref=newsletter`;
  const subject = input.test ? t.testSubject(post.title) : post.title;
  const cover = post.image_url ? absolute(post.image_url, input.siteUrl) : undefined;
  const footer = (
    <>
      {input.test && <p style={{ margin: '0 0 8px', fontWeight: 'bold' }}>{t.testNote}</p>}
      <p style={{ margin: '0 0 8px' }}>{t.why(input.siteName)}</p>
      {input.unsubscribeUrl && (
        <p style={{ margin: 0 }}>
          <a href={input.unsubscribeUrl}>{t.unsubscribe}</a>
        </p>
      )}
    </>
  );
  const body = renderMailHtml(
    <MailLayout lang={post.language} siteName={input.siteName} siteUrl={input.siteUrl} title={subject} footer={footer}>
      {cover && <img src={cover} alt={post.image_alt ?? ''} width={600} style={{ display: 'block', width: '100%', maxWidth: 600, height: 'auto', margin: '0 0 24px' }} />}
      <h1 style={{ fontSize: 30, margin: '0 0 12px' }}>
        <a href={url} style={{ color: '#1c1917', textDecoration: 'none' }}>{post.title}</a>
      </h1>
      {post.excerpt && <p style={{ fontSize: 19, color: '#44403c', margin: '0 0 24px' }}>{post.excerpt}</p>}
      <div>
        <Markdown text={post.content} />
      </div>
      <p style={{ margin: '32px 0 0' }}>
        <a href={url}>{t.readOnSite}</a>
      </p>
    </MailLayout>,
  );
  const text = [
    input.test ? `${t.testNote}\n` : '',
    post.title,
    '',
    post.excerpt,
    '',
    plainText(post.content),
    '',
    `${t.readOnSite}: ${url}`,
    '',
    '--',
    t.why(input.siteName),
    input.unsubscribeUrl ? `${t.unsubscribe}: ${input.unsubscribeUrl}` : '',
  ].join('\n');
  return { subject, text, html: absoluteAddresses(body, input.siteUrl) };
}

function absolute(address: string, origin: string): string {
  try {
    return new URL(address, `${origin}/`).toString();
  } catch {
    return address;
  }
}

/** The post's own links and pictures are relative on the site; a mail has no site around it. */
function absoluteAddresses(html: string, origin: string): string {
  return html.replace(/ (src|href|srcSet|srcset)="([^"]*)"/g, (_whole, name: string, value: string) => {
    const made =
      name.toLowerCase() === 'srcset'
        ? value.split(',').map((part) => part.trim().replace(/^(\S+)/, (u) => (u.startsWith('/') ? absolute(u, origin) : u))).join(', ')
        : value.startsWith('/') ? absolute(value, origin) : value;
    return ` ${name}="${made}"`;
  });
}
