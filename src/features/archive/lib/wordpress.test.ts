import xml from './fixtures/wordpress-export.xml?raw';
import { makeWxr } from './fixtures/make-wxr';
import { rawHtmlIn } from './fixtures/raw-html';
import { ArchiveError, type PlannedPost } from './plan';
import { readWordPress } from './wordpress';
import type { ZipReader } from './zip';

const plan = readWordPress(xml, 'ana.WordPress.2024-02-10.xml');
const post = (id: string): PlannedPost => {
  const found = plan.posts.find((p) => p.origin.id === `anasouza.com.br/${id}`);
  if (!found) throw new Error(`post ${id} not in the plan`);
  return found;
};

function archiveError(read: () => unknown): ArchiveError {
  try {
    read();
  } catch (error) {
    if (error instanceof ArchiveError) return error;
    throw error;
  }
  throw new Error('no ArchiveError');
}

describe('readWordPress: the posts of a WXR file', () => {
  it('takes the posts (type post, published, draft, pending, future), in the file’s order, as a WordPress plan', () => {
    expect(plan.source).toBe('wordpress');
    expect(plan.fileName).toBe('ana.WordPress.2024-02-10.xml');
    expect(plan.posts.map((p) => p.origin.id.replace('anasouza.com.br/', ''))).toEqual(['100', '101', '102', '110', '105', '108', '109']);
  });

  it('decodes the titles’ references, in CDATA or not', () => {
    expect(post('100').title).toBe('Eleições – o que muda em 2020');
    expect(post('101').title).toBe('Café & política na praça “nova”');
  });

  it('a block-editor post: comments, scripts, styles and the stats pixel gone; lists, picture, caption, quote, embed, table, code and rule kept', () => {
    expect(post('100').content).toBe(
      [
        'A reforma muda **três** coisas — e uma delas é a [urna](https://anasouza.com.br/2019/08/urna/).',
        '## O que muda',
        '- Voto *impresso*\n  - só em 2026\n- Horário único',
        '![Praça cheia](https://anasouza.com.br/wp-content/uploads/2020/03/praca-1024x683.jpg)',
        '*Ato na praça, em março*',
        '> Ninguém vota duas vezes.',
        '[YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)',
        '| Ano  | Eleitores |\n| ---- | --------- |\n| 2018 | 147 mi    |\n| 2022 | 156 mi    |',
        "```\nSELECT count(*) FROM votos\nWHERE uf = 'SP' AND turno < 3;\n```",
        '---',
        '[Eleitores por ano](https://datawrapper.dwcdn.net/AbC12/1/)',
      ].join('\n\n'),
    );
  });

  it('a classic-editor post: WordPress’s paragraphs and line breaks, its shortcodes expanded or unwrapped, code left alone', () => {
    expect(post('101').content).toBe(
      [
        'Quando abri o café, em 1998, a praça era outra.\nHavia bancas de jornal & engraxates.',
        'Hoje há **três** bancos \\[sic] e nenhum jornal.',
        '![Praça cheia](https://anasouza.com.br/wp-content/uploads/2020/03/praca-1024x683.jpg)',
        '*A praça em março, [mais fotos](https://anasouza.com.br/fotos/)*',
        '![Barracas de fruta](https://anasouza.com.br/wp-content/uploads/2019/05/feira-1.jpg)',
        '*A feira às _seis_*',
        '![](https://anasouza.com.br/wp-content/uploads/2019/05/feira-2.jpg)',
        '[Vimeo](https://vimeo.com/123456)',
        '[Twitter](https://twitter.com/anasouza/status/1234567890)',
        '<https://anasouza.com.br/wp-content/uploads/2019/05/entrevista.mp3>',
        'Texto dentro do construtor de páginas.',
        '- primeiro\n- segundo',
        'Fim, com `[gallery]` escrito como código.',
      ].join('\n\n'),
    );
  });

  it('no post’s Markdown holds raw HTML', () => {
    for (const p of plan.posts) expect(rawHtmlIn(p.content), p.title).toEqual([]);
  });

  it('dates in UTC from post_date_gmt; drafts without one take post_date, else the export’s date; statuses mapped', () => {
    const summary = (id: string) => [post(id).status, post(id).date];
    expect(summary('100')).toEqual(['published', '2020-03-15T12:30:00.000Z']);
    expect(summary('101')).toEqual(['published', '2019-05-02T13:15:00.000Z']);
    expect(summary('102')).toEqual(['draft', '2023-05-02T10:00:00.000Z']);
    expect(summary('110')).toEqual(['draft', '2024-02-10T14:03:27.000Z']);
    expect(summary('105')).toEqual(['scheduled', '2030-01-10T12:00:00.000Z']);
    expect(summary('108')).toEqual(['published', '2015-06-01T08:00:00.000Z']);
  });

  it('a password-protected post comes in as a draft, not public', () => {
    expect(post('109').status).toBe('draft');
  });

  it('categories: the category terms’ names, decoded, in order; not tags, languages or Polylang’s translation groups', () => {
    expect(post('100').sourceCategories).toEqual(['Eleições & Votos', 'Política']);
    expect(post('101').sourceCategories).toEqual(['Crônicas & Contos']);
    expect(post('102').sourceCategories).toEqual(['Sem categoria']);
    expect(post('110').sourceCategories).toEqual([]);
  });

  it('language from Polylang’s language term, else null (the language chosen for the file)', () => {
    expect(post('100').language).toBe('pt');
    expect(post('105').language).toBe('en');
    expect(post('101').language).toBeNull();
  });

  it('slugs from post_name, percent-encoded UTF-8 decoded and folded; a draft without one gets null', () => {
    expect(post('100').slug).toBe('eleicoes-o-que-muda');
    expect(post('101').slug).toBe('cafe-e-politica');
    expect(post('102').slug).toBeNull();
  });

  it('excerpts: the post’s own as plain text, else its first paragraph', () => {
    expect(post('101').excerpt).toBe('Um café & a praça.');
    expect(post('100').excerpt).toBe('A reforma muda três coisas — e uma delas é a urna.');
  });

  it('origin: the blog and the post id (two blogs each have a post 100), and its address, for a second import to update instead of adding', () => {
    expect(post('100').origin).toEqual({ source: 'wordpress', id: 'anasouza.com.br/100', url: 'https://anasouza.com.br/2020/03/eleicoes-o-que-muda/' });
    expect(post('102').origin).toEqual({ source: 'wordpress', id: 'anasouza.com.br/102', url: 'https://anasouza.com.br/?p=102' });
  });

  it('cover: the featured image’s attachment address and its alt text', () => {
    expect([post('100').imageUrl, post('100').imageAlt]).toEqual(['https://anasouza.com.br/wp-content/uploads/2020/03/praca.jpg', 'Praça cheia & sol']);
    expect([post('101').imageUrl, post('101').imageAlt]).toEqual([null, null]);
  });

  it('images: every address in bodies and covers, once, in order of first use; linked (no entry) without a zip', () => {
    expect(plan.images).toEqual([
      { url: 'https://anasouza.com.br/wp-content/uploads/2020/03/praca-1024x683.jpg', entry: null },
      { url: 'https://anasouza.com.br/wp-content/uploads/2020/03/praca.jpg', entry: null },
      { url: 'https://anasouza.com.br/wp-content/uploads/2019/05/feira-1.jpg', entry: null },
      { url: 'https://anasouza.com.br/wp-content/uploads/2019/05/feira-2.jpg', entry: null },
    ]);
    expect(plan.readEntry).toBeUndefined();
  });

  it('skips what is not a public post, each with its reason', () => {
    expect(plan.skipped).toEqual([
      { title: 'praca', kind: 'attachment', reason: 'Anexo (arquivo de mídia): não é um post; as imagens vêm com os posts que as usam.' },
      { title: 'feira-1', kind: 'attachment', reason: 'Anexo (arquivo de mídia): não é um post; as imagens vêm com os posts que as usam.' },
      { title: 'feira-2', kind: 'attachment', reason: 'Anexo (arquivo de mídia): não é um post; as imagens vêm com os posts que as usam.' },
      { title: 'Sobre mim', kind: 'page', reason: 'Página, não post: não importada.' },
      { title: '(sem título, id 201)', kind: 'nav_menu_item', reason: 'Item de menu: não importado.' },
      { title: 'Notas privadas', kind: 'private', reason: 'Post privado: não importado.' },
      { title: 'Texto apagado', kind: 'trash', reason: 'Post na lixeira: não importado.' },
      { title: 'Eleições – o que muda em 2020', kind: 'revision', reason: 'Revisão de um post: não importada.' },
      { title: 'Rascunho automático', kind: 'auto-draft', reason: 'Rascunho automático do WordPress: não importado.' },
      { title: 'Custom Styles', kind: 'wp_global_styles', reason: 'Conteúdo do tipo "wp_global_styles", não post: não importado.' },
    ]);
  });

  it('warns of embeds kept as links, unknown shortcodes, missing gallery pictures, guessed dates, protected posts and comments left behind', () => {
    expect(plan.warnings).toEqual([
      { item: 'Eleições – o que muda em 2020', message: 'Conteúdo incorporado mantido como link: https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      { item: 'Eleições – o que muda em 2020', message: 'Conteúdo incorporado mantido como link: https://datawrapper.dwcdn.net/AbC12/1/' },
      { item: 'Café & política na praça “nova”', message: 'Conteúdo incorporado mantido como link: https://twitter.com/anasouza/status/1234567890' },
      { item: 'Café & política na praça “nova”', message: 'Conteúdo incorporado mantido como link: https://anasouza.com.br/wp-content/uploads/2019/05/entrevista.mp3' },
      { item: 'Café & política na praça “nova”', message: 'Conteúdo incorporado mantido como link: https://vimeo.com/123456' },
      { item: 'Café & política na praça “nova”', message: 'Shortcodes desconhecidos removidos, texto mantido: [vc_row], [vc_column], [vc_column_text], [contact-form-7].' },
      { item: 'Café & política na praça “nova”', message: 'Galeria com imagens que não estão no arquivo (anexos 99).' },
      { item: 'Crônica de 2015', message: 'Data sem fuso (GMT) no arquivo: a hora local do WordPress foi tomada como UTC.' },
      { item: 'Só para assinantes', message: 'Post protegido por senha: importado como rascunho.' },
      { item: 'ana.WordPress.2024-02-10.xml', message: '2 comentários não importados (o site não tem comentários).' },
    ]);
  });

  it('reading the same file twice gives the same plan', () => {
    expect(readWordPress(xml, 'ana.WordPress.2024-02-10.xml')).toEqual(plan);
    expect(new Set(plan.posts.map((p) => p.origin.id)).size).toBe(plan.posts.length);
  });
});

describe('readWordPress: pictures carried in the zip', () => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff]);
  const names = ['ana.WordPress.2024-02-10.xml', 'uploads/2020/03/praca.jpg', 'site/wp-content/uploads/2019/05/feira-1.jpg', 'wp-content/uploads/2019/05/feira-1.jpg'];
  const zip: ZipReader = {
    names,
    read: (name) => {
      if (!names.includes(name)) throw new Error(`${name} not in zip`);
      return bytes;
    },
    text: () => xml,
  };

  it('an image whose path from uploads/ on is a file of the zip gets that entry, which readEntry reads', () => {
    const zipped = readWordPress(xml, 'ana.zip', zip);
    expect(zipped.images).toEqual([
      { url: 'https://anasouza.com.br/wp-content/uploads/2020/03/praca-1024x683.jpg', entry: null },
      { url: 'https://anasouza.com.br/wp-content/uploads/2020/03/praca.jpg', entry: 'uploads/2020/03/praca.jpg' },
      { url: 'https://anasouza.com.br/wp-content/uploads/2019/05/feira-1.jpg', entry: 'site/wp-content/uploads/2019/05/feira-1.jpg' },
      { url: 'https://anasouza.com.br/wp-content/uploads/2019/05/feira-2.jpg', entry: null },
    ]);
    expect(zipped.readEntry?.('uploads/2020/03/praca.jpg')).toEqual(bytes);
  });

  it('matches a percent-encoded address to the file’s own name', () => {
    const accented = xml.replaceAll('/2019/05/feira-2.jpg', '/2019/05/feira%20%C3%A0%20noite.jpg');
    const withFile: ZipReader = { ...zip, names: [...names, 'wp-content/uploads/2019/05/feira à noite.jpg'] };
    const image = readWordPress(accented, 'ana.zip', withFile).images.find((i) => i.url.includes('noite'));
    expect(image).toEqual({ url: 'https://anasouza.com.br/wp-content/uploads/2019/05/feira%20%C3%A0%20noite.jpg', entry: 'wp-content/uploads/2019/05/feira à noite.jpg' });
  });
});

describe('readWordPress: files it cannot read', () => {
  it('malformed XML: malformed_xml, saying where', () => {
    const error = archiveError(() => readWordPress(xml.slice(0, xml.indexOf('</item>') + 200), 'cut.xml'));
    expect(error.code).toBe('malformed_xml');
    expect(error.detail).toMatch(/^line \d+, column \d+: /);
  });

  it('XML that is not a WordPress export (an RSS feed, an Atom feed): unknown_format', () => {
    expect(archiveError(() => readWordPress('<rss version="2.0"><channel><title>x</title><item><title>a</title></item></channel></rss>', 'feed.xml')).code).toBe('unknown_format');
    expect(archiveError(() => readWordPress('<feed xmlns="http://www.w3.org/2005/Atom"><entry/></feed>', 'atom.xml')).code).toBe('unknown_format');
  });

  it('an empty file, or an export without items: empty', () => {
    expect(archiveError(() => readWordPress('', 'vazio.xml')).code).toBe('empty');
    const noItems = xml.slice(0, xml.indexOf('<item>')) + '</channel></rss>';
    expect(archiveError(() => readWordPress(noItems, 'vazio.xml')).code).toBe('empty');
  });

  it('entities declared in a DOCTYPE are not expanded into a billion laughs', () => {
    const levels = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY l0 "ha">${levels}]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version><item><title>&l9;</title><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2020-01-01 00:00:00</wp:post_date_gmt></item></channel></rss>`;
    let title = '';
    try {
      title = readWordPress(bomb, 'bomb.xml').posts[0]?.title ?? '';
    } catch (error) {
      expect(error).toBeInstanceOf(ArchiveError);
    }
    expect(title.length).toBeLessThan(1000);
  });
});

describe('makeWxr (the benchmark’s file)', () => {
  it('reads back as that many posts, a tenth of them drafts, with covers and pictures, and no raw HTML', () => {
    const generated = readWordPress(makeWxr(20), 'gerado.xml');
    expect(generated.posts).toHaveLength(20);
    expect(generated.posts.filter((p) => p.status === 'draft')).toHaveLength(2);
    expect(generated.posts.filter((p) => p.imageUrl)).toHaveLength(4);
    expect(generated.images).toHaveLength(20);
    expect(generated.skipped.map((s) => s.kind)).toEqual(Array(4).fill('attachment'));
    expect(generated.warnings).toEqual([]);
    for (const p of generated.posts) expect(rawHtmlIn(p.content)).toEqual([]);
    expect(makeWxr(20)).toBe(makeWxr(20));
  });
});
