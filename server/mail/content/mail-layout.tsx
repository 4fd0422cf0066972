/** @jsxRuntime automatic @jsxImportSource react */
// tsx reads the root tsconfig only for the folders it includes (not server/): the pragma keeps the automatic runtime in `npm start` and the worker.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailLanguage } from './strings.ts';

/**
 * The frame of every mail: one centred column, the site's name on top, a
 * footer. Built with React so every text is escaped; styles inline and in one
 * <style> block, since mail clients read no stylesheet and drop classes.
 */
export function MailLayout(props: { lang: MailLanguage; siteName: string; siteUrl: string; title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <html lang={props.lang === 'pt' ? 'pt-BR' : 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        <style>{MAIL_CSS}</style>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f5f5f4', color: '#1c1917' }}>
        <div style={{ maxWidth: 640, margin: '0 auto', padding: '24px 20px', background: '#ffffff', fontFamily: 'Georgia, "Times New Roman", serif', fontSize: 17, lineHeight: 1.6 }}>
          <p style={{ margin: '0 0 24px', fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 14, letterSpacing: 0.5, textTransform: 'uppercase' }}>
            <a href={props.siteUrl} style={{ color: '#1c1917', textDecoration: 'none' }}>{props.siteName}</a>
          </p>
          {props.children}
          {props.footer && (
            <div style={{ marginTop: 40, paddingTop: 16, borderTop: '1px solid #e7e5e4', fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 13, color: '#57534e' }}>
              {props.footer}
            </div>
          )}
        </div>
      </body>
    </html>
  );
}

const MAIL_CSS = `img{max-width:100%;height:auto}a{color:#9a3412}h1,h2,h3{font-weight:normal;line-height:1.25}
blockquote{margin:16px 0;padding-left:16px;border-left:3px solid #e7e5e4;color:#44403c}
pre{white-space:pre-wrap;background:#f5f5f4;padding:12px}table{border-collapse:collapse}td,th{border:1px solid #e7e5e4;padding:4px 8px}`;

/** A button-looking link (mail clients run no forms worth trusting). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '28px 0' }}>
      <a href={href} style={{ display: 'inline-block', padding: '12px 20px', background: '#9a3412', color: '#ffffff', textDecoration: 'none', fontFamily: 'Helvetica, Arial, sans-serif', fontWeight: 'bold', borderRadius: 6 }}>
        {children}
      </a>
    </p>
  );
}

export function renderMailHtml(element: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}
