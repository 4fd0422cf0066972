/** @jsxRuntime automatic @jsxImportSource react */
// tsx reads the root tsconfig only for the folders it includes (not server/): the pragma keeps the automatic runtime in `npm start` and the worker.
import { MailButton, MailLayout, renderMailHtml } from './mail-layout.tsx';
import { languageList, mailText, type MailLanguage } from './strings.ts';

export interface ConfirmMailInput {
  lang: MailLanguage;
  siteName: string;
  siteUrl: string;
  token: string;
  languages: string[];
}

/** The double opt-in mail: a link to the page whose button confirms (the link alone changes nothing). */
export function confirmMail(input: ConfirmMailInput): { subject: string; text: string; html: string } {
  const t = mailText[input.lang];
  const link = `${input.siteUrl}/newsletter/confirm?token=${encodeURIComponent(input.token)}&lang=${input.lang}`;
  const subject = t.confirmSubject(input.siteName);
  const languages = t.confirmLanguages(languageList(input.lang, input.languages));
  const text = `${t.confirmHeading}\n\n${t.confirmBody(input.siteName)}\n${languages}\n\n${link}\n\n${t.confirmIgnore}\n`;
  const html = renderMailHtml(
    <MailLayout lang={input.lang} siteName={input.siteName} siteUrl={input.siteUrl} title={subject}>
      <h1 style={{ fontSize: 26, margin: '0 0 16px' }}>{t.confirmHeading}</h1>
      <p>{t.confirmBody(input.siteName)}</p>
      <p>{languages}</p>
      <MailButton href={link}>{t.confirmButton}</MailButton>
      <p style={{ fontSize: 14, color: '#57534e', wordBreak: 'break-all' }}>{link}</p>
      <p style={{ fontSize: 14, color: '#57534e' }}>{t.confirmIgnore}</p>
    </MailLayout>,
  );
  return { subject, text, html };
}
