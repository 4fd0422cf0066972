import { wordPressHtml, type WordPressAttachment } from './wordpress-content';

const attachment = (id: string, parent: string, order: number, caption: string | null = null): WordPressAttachment => ({
  id,
  url: `https://blog.example.com/wp-content/uploads/2019/05/foto-${id}.jpg`,
  alt: `Foto ${id}`,
  caption,
  parent,
  order,
});
const attachments = new Map([
  ['11', attachment('11', '7', 2, 'Segunda')],
  ['12', attachment('12', '7', 1)],
  ['13', attachment('13', '8', 0)],
]);
const html = (content: string) => wordPressHtml(content, { postId: '7', attachments });
const autop = (content: string) => html(content).html;

describe('autop (WordPress’s automatic paragraphs)', () => {
  it('a blank line starts a paragraph, a single newline is a line break', () => {
    expect(autop('Um.\nDois.\n\nTrês.')).toBe('<p>Um.<br />\nDois.</p>\n<p>Três.</p>\n');
  });

  it('leaves block-level tags out of paragraphs and adds no breaks around them', () => {
    expect(autop('Antes.\n<blockquote>Citado.</blockquote>\n<ul>\n\t<li>um</li>\n\t<li>dois</li>\n</ul>\nDepois.')).toBe(
      '<p>Antes.</p>\n<blockquote><p>Citado.</p></blockquote>\n<ul>\n<li>um</li>\n<li>dois</li>\n</ul>\n<p>Depois.</p>\n',
    );
  });

  it('keeps the newlines inside a tag as they are, not breaks', () => {
    expect(autop('<a\nhref="/x">link</a> fim')).toBe('<p><a\nhref="/x">link</a> fim</p>\n');
  });

  it('a rule ends a paragraph: the text after <hr> on its line is a paragraph of its own, as WordPress’s PHP makes it', () => {
    expect(autop('Antes.\n<hr />Depois.\n\nFim.')).toBe('<p>Antes.</p>\n<hr />\n<p>Depois.</p>\n<p>Fim.</p>\n');
  });
});

describe('wordPressHtml', () => {
  it('classic text gets paragraphs; <pre> and <code> keep their newlines and brackets', () => {
    const { html: out } = html('Linha 1\nLinha 2\n\n<pre>a\n\nb [gallery]</pre>\n\nUse <code>[caption]</code>.');
    expect(out).toBe('<p>Linha 1<br />\nLinha 2</p>\n<pre>a\n\nb [gallery]</pre>\n<p>Use <code>[caption]</code>.</p>\n');
  });

  it('block-editor content keeps its own paragraphs (no autop)', () => {
    const { html: out } = html('<!-- wp:paragraph -->\n<p>Um\ndois</p>\n<!-- /wp:paragraph -->');
    expect(out).toBe('<!-- wp:paragraph -->\n<p>Um\ndois</p>\n<!-- /wp:paragraph -->');
  });

  it('[caption]: the picture, then its caption (from the content or the old caption="" attribute)', () => {
    expect(html('[caption id="attachment_5" width="300"]<img src="a.jpg" alt="A" /> Legenda <b>x</b>[/caption]').html).toContain(
      '<figure><img src="a.jpg" alt="A" /><figcaption>Legenda <b>x</b></figcaption></figure>',
    );
    expect(html('[caption caption="Antiga" align="alignleft"]<a href="b.jpg"><img src="b.jpg" /></a>[/caption]').html).toContain(
      '<figure><a href="b.jpg"><img src="b.jpg" /></a><figcaption>Antiga</figcaption></figure>',
    );
  });

  it('[gallery ids]: those attachments in that order; ids the file lacks are reported', () => {
    const out = html('[gallery ids="12,11,40" columns="2"]');
    expect(out.html).toContain(
      '<figure><img src="https://blog.example.com/wp-content/uploads/2019/05/foto-12.jpg" alt="Foto 12"></figure>\n' +
        '<figure><img src="https://blog.example.com/wp-content/uploads/2019/05/foto-11.jpg" alt="Foto 11"><figcaption>Segunda</figcaption></figure>',
    );
    expect(out.missingAttachments).toEqual(['40']);
  });

  it('[gallery] without ids: the pictures uploaded to this post, in menu order', () => {
    const out = html('[gallery]').html;
    expect(out.indexOf('foto-12.jpg')).toBeLessThan(out.indexOf('foto-11.jpg'));
    expect(out).not.toContain('foto-13.jpg');
  });

  it('embeds: a lone URL line, [embed], [audio], [video] and Jetpack’s [youtube=…] become links, and are reported', () => {
    const out = html(
      'https://www.youtube.com/watch?v=abc123\n\n[embed]https://twitter.com/a/status/1[/embed]\n\n[audio src="https://x.example/a.mp3"]\n\n[video mp4="https://x.example/v.mp4"][/video]\n\n[youtube=https://www.youtube.com/watch?v=xyz789&w=640]\n\nTexto com https://x.example/no-meio na linha.',
    );
    expect(out.html).toContain('<a href="https://www.youtube.com/watch?v=abc123">YouTube</a>');
    expect(out.html).toContain('<a href="https://twitter.com/a/status/1">Twitter</a>');
    expect(out.html).toContain('<a href="https://x.example/a.mp3">https://x.example/a.mp3</a>');
    expect(out.html).toContain('<a href="https://x.example/v.mp4">https://x.example/v.mp4</a>');
    expect(out.html).toContain('<a href="https://www.youtube.com/watch?v=xyz789&amp;w=640">YouTube</a>');
    expect(out.html).toContain('Texto com https://x.example/no-meio na linha.');
    expect(out.embeds).toEqual([
      'https://twitter.com/a/status/1',
      'https://x.example/a.mp3',
      'https://x.example/v.mp4',
      'https://www.youtube.com/watch?v=xyz789&w=640',
      'https://www.youtube.com/watch?v=abc123',
    ]);
  });

  it('unknown shortcodes give up their inner text and are named once; bracketed words that are not shortcodes stay', () => {
    const out = html('[vc_row][vc_column]Dentro.[/vc_column][/vc_row] [contact-form-7 id="5"] [sic] [1] [risos] [toc] [[gallery]] [/vc_row]');
    expect(out.html).toBe('<p>Dentro.  [sic] [1] [risos] [toc] [gallery] </p>\n');
    expect(out.unknownShortcodes).toEqual(['vc_row', 'vc_column', 'contact-form-7']);
  });

  it('a shortcode written as text ([[caption]…[/caption]]) stays whole', () => {
    expect(html('Escreva [[caption]Legenda[/caption]] assim.').html).toBe('<p>Escreva [caption]Legenda[/caption] assim.</p>\n');
  });

  it('a bracket holding another is text before the shortcode, not an unknown shortcode', () => {
    const out = html('Veja [as fotos [gallery ids="13"] acima.');
    expect(out.html).toContain('Veja [as fotos ');
    expect(out.html).toContain('foto-13.jpg');
    expect(out.unknownShortcodes).toEqual([]);
  });
});
