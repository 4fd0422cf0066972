/** A post's mail links to the post with ?ref=newsletter, so the statistics name her mails as the source (issue 27). */
import { postMail, type MailedPost } from './post-mail.tsx';

const post: MailedPost = {
  id: '3f1e7c1a-2b4d-4c8e-9f00-1234567890ab',
  title: 'Crise de imagem',
  excerpt: 'Resumo.',
  content: 'Texto com [outro post](/pt/outro-post).',
  slug: 'crise-de-imagem',
  language: 'pt',
  image_url: null,
  image_alt: null,
};

it('links the title and "read on the site" to the post with ?ref=newsletter, in the HTML and the text part', () => {
  const mail = postMail({ post, siteName: 'Helena', siteUrl: 'https://helena.example', unsubscribeUrl: 'https://helena.example/newsletter/unsubscribe?token=t&lang=pt', test: false });
  const address = 'https://helena.example/pt/crise-de-imagem?ref=newsletter';
  const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  expect(hrefs.filter((href) => href.includes('/pt/crise-de-imagem'))).toEqual([address, address]);
  expect(mail.text).toContain(`Ler no site: ${address}\n`);
  // Only the post's own links: the site's name, her text's links and the way out are as they were.
  expect(hrefs).toContain('https://helena.example');
  expect(hrefs).toContain('https://helena.example/pt/outro-post');
  expect(hrefs).toContain('https://helena.example/newsletter/unsubscribe?token=t&lang=pt');
});
