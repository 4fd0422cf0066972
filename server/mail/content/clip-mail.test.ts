/** A clip's mail leads where a reader can open the piece: a print clip's file is reached through her list (decision 293). */
import { clipMail, type MailedClip } from './clip-mail.tsx';

const print: MailedClip = {
  id: '3f1e7c1a-2b4d-4c8e-9f00-1234567890ab',
  kind: 'print',
  url: null,
  title: 'Coluna de 1998',
  outlet: null,
  byline: null,
  published_on: '1998-03-01',
  language: 'pt',
  summary: null,
  image_url: null,
  image_alt: null,
  slug: 'coluna-de-1998',
  copy_shown: false,
};

it('a print clip links its title to her list, and without an outlet says nothing of where it was published', () => {
  const mail = clipMail({ clip: print, siteName: 'Helena', siteUrl: 'https://helena.example', unsubscribeUrl: 'https://helena.example/newsletter/unsubscribe?token=t&lang=pt' });
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  expect(hrefs.filter((h) => h.includes('/pt/publicacoes'))).toEqual(['https://helena.example/pt/publicacoes?ref=newsletter', 'https://helena.example/pt/publicacoes?ref=newsletter']);
  expect(mail.text).not.toMatch(/Publicado originalmente|Ler no veículo|undefined|null/);
  expect(mail.text.startsWith('Coluna de 1998\n\nVer todas as publicações: https://helena.example/pt/publicacoes?ref=newsletter\n')).toBe(true);
});
