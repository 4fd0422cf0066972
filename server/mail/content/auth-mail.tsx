/** @jsxRuntime automatic @jsxImportSource react */
// tsx reads the root tsconfig only for the folders it includes (not server/): the pragma keeps the automatic runtime in `npm start` and the worker.
import { MailLayout, renderMailHtml } from './mail-layout.tsx';

/**
 * A sign-up confirmation or password recovery (server/auth/ writes their
 * English text, as GoTrue's default templates): the text part as written,
 * the HTML part the same paragraphs with the link made a link.
 */
export function authMail(input: { subject: string; text: string; siteName: string; siteUrl: string }): { subject: string; text: string; html: string } {
  const paragraphs = input.text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
  const html = renderMailHtml(
    <MailLayout lang="en" siteName={input.siteName} siteUrl={input.siteUrl} title={input.subject}>
      {paragraphs.map((p, i) =>
        /^https?:\/\/\S+$/.test(p) ? (
          <p key={i} style={{ wordBreak: 'break-all' }}>
            <a href={p}>{p}</a>
          </p>
        ) : (
          <p key={i}>{p}</p>
        ),
      )}
    </MailLayout>,
  );
  return { subject: input.subject, text: input.text, html };
}
