import { plainText } from '../../posts/lib/markdown/plain-text';
import { rawHtmlIn } from './fixtures/raw-html';
import { htmlToMarkdown, htmlToText } from './html-to-markdown';

const BASE = 'https://blog.example.com/2020/01/um-post/';
const md = (html: string) => {
  const result = htmlToMarkdown(html, { baseUrl: BASE });
  expect(rawHtmlIn(result.markdown)).toEqual([]);
  return result;
};

describe('htmlToMarkdown: what the text keeps', () => {
  it('strikethrough (GFM)', () => {
    expect(md('<p><del>antes</del> <s>depois</s></p>').markdown).toBe('~~antes~~ ~~depois~~');
  });

  it('headings, emphasis, links, line breaks and rules', () => {
    const { markdown } = md(
      '<h2>Intertítulo</h2><p>Um <strong>forte</strong>, um <em>leve</em>, um <a href="https://x.example/a">link</a>.<br>Outra linha.</p><hr><h3>Mais</h3>',
    );
    expect(markdown).toBe('## Intertítulo\n\nUm **forte**, um *leve*, um [link](https://x.example/a).\nOutra linha.\n\n---\n\n### Mais');
  });

  it('nested lists, ordered lists with their start, quotes', () => {
    const { markdown } = md(
      '<ul><li>um<ul><li>um e meio</li></ul></li><li>dois</li></ul><ol start="3"><li>três</li><li>quatro</li></ol><blockquote><p>Citação.</p><p>Segunda.</p></blockquote>',
    );
    expect(markdown).toBe('- um\n  - um e meio\n- dois\n\n3. três\n4. quatro\n\n> Citação.\n>\n> Segunda.');
  });

  it('code blocks with their language, and inline code', () => {
    const { markdown } = md(
      '<pre class="wp-block-code"><code class="language-js">if (a &lt; b) {\n  return `x`;\n}</code></pre><p>Rode <code>npm &lt;i&gt;</code> antes.</p>',
    );
    expect(markdown).toBe('```js\nif (a < b) {\n  return `x`;\n}\n```\n\nRode `npm <i>` antes.');
  });

  it('tables as GFM tables (a line break in a cell becomes a space, a pipe is escaped)', () => {
    const { markdown } = md('<table><thead><tr><th>Ano</th><th>Votos</th></tr></thead><tbody><tr><td>2018</td><td>1|2<br>mil</td></tr></tbody></table>');
    expect(markdown).toBe('| Ano  | Votos    |\n| ---- | -------- |\n| 2018 | 1\\|2 mil |');
  });

  it('images keep their description; relative addresses resolve against the page; the images are listed once, as written', () => {
    const { markdown, images } = md(
      '<figure><img src="/wp-content/uploads/2020/01/foto (1).jpg" alt="Praça cheia"><figcaption>Foto de <b>Ana</b></figcaption></figure>' +
        '<p><img src="https://cdn.example/b.png" alt=""> e de novo <img src="/wp-content/uploads/2020/01/foto (1).jpg" alt="outra vez"></p>',
    );
    expect(images).toEqual(['https://blog.example.com/wp-content/uploads/2020/01/foto%20%281%29.jpg', 'https://cdn.example/b.png']);
    expect(markdown).toBe(
      '![Praça cheia](https://blog.example.com/wp-content/uploads/2020/01/foto%20%281%29.jpg)\n\n*Foto de __Ana__*\n\n' +
        '![](https://cdn.example/b.png) e de novo ![outra vez](https://blog.example.com/wp-content/uploads/2020/01/foto%20%281%29.jpg)',
    );
    for (const url of images) expect(markdown).toContain(`](${url})`);
  });

  it('without a base, a relative address stays as written', () => {
    const { markdown, images } = htmlToMarkdown('<img src="/img/a.jpg" alt="a"><a href="/sobre">sobre</a>');
    expect(images).toEqual(['/img/a.jpg']);
    expect(markdown).toBe('![a](/img/a.jpg)[sobre](/sobre)');
  });

  it('a lazy-loaded picture: the real address from data-src, not the placeholder', () => {
    const { images } = md('<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-lazy-src="https://cdn.example/real.jpg" alt="x">');
    expect(images).toEqual(['https://cdn.example/real.jpg']);
  });

  it('a picture linked to its own file loses the link; a picture linked to a page keeps it', () => {
    const { markdown } = md(
      '<a href="/wp-content/uploads/2020/01/a.jpg"><img src="/wp-content/uploads/2020/01/a-300x200.jpg" alt="a"></a><p><a href="https://x.example/materia"><img src="https://x.example/b.jpg" alt="b"></a></p>',
    );
    expect(markdown).toBe('![a](https://blog.example.com/wp-content/uploads/2020/01/a-300x200.jpg)\n\n[![b](https://x.example/b.jpg)](https://x.example/materia)');
  });

  it('links keep http(s), mailto and in-page anchors; a javascript: link keeps only its text', () => {
    const { markdown } = md('<p><a href="javascript:alert(1)">clique</a> <a href="#nota-1">1</a> <a href="mailto:a@b.example">escreva</a></p>');
    expect(markdown).toBe('clique [1](#nota-1) [escreva](mailto:a@b.example)');
  });

  it('a paragraph that is only an address becomes a link to it', () => {
    const { markdown } = md('<p>https://www.youtube.com/watch?v=ab_cd*1</p><div class="wp-block-embed__wrapper">\nhttps://x.example/a_b\n</div>');
    expect(markdown).toBe('<https://www.youtube.com/watch?v=ab_cd*1>\n\n<https://x.example/a_b>');
    const tokens = plainText(markdown);
    expect(tokens).toBe('https://www.youtube.com/watch?v=ab_cd*1 https://x.example/a_b');
  });
});

describe('htmlToMarkdown: what the text drops', () => {
  it('comments (the block editor’s too), scripts, styles and noscript', () => {
    const { markdown, warnings } = md(
      '<!-- wp:paragraph --><p>Texto.</p><!-- /wp:paragraph --><script>alert(1)</script><style>p{color:red}</style><noscript><img src="https://x.example/n.jpg"></noscript><!-- wp:separator /-->',
    );
    expect(markdown).toBe('Texto.');
    expect(warnings).toEqual([]);
  });

  it('tracking pixels: 1×1 images and the known counters', () => {
    const { markdown, images } = md(
      '<p>Fim.</p><img src="https://x.example/t.gif" width="1" height="1"><img src="https://pixel.wp.com/g.gif?blog=1"><img src="https://stats.wp.com/b.gif">' +
        '<img src="https://feeds.feedburner.com/~r/blog/~4/abc"><img src="https://eotrx.substackcdn.com/open?token=x"><img src="https://medium.com/_/stat?event=post.clientViewed">',
    );
    expect(markdown).toBe('Fim.');
    expect(images).toEqual([]);
  });

  it('forms and buttons, and elements that hold no text, with a warning each', () => {
    const { markdown, warnings } = md(
      '<p>Assine:</p><form action="/subscribe"><input type="email" name="e"><button>Assinar</button></form><button>Curtir</button><svg><text>gráfico</text></svg><canvas>sem canvas</canvas>',
    );
    expect(markdown).toBe('Assine:');
    expect(warnings).toEqual(['Formulário ou botão removido do texto.', 'Elemento sem texto (<svg>) removido.', 'Elemento sem texto (<canvas>) removido.']);
  });

  it('embeds become links: a YouTube player as [YouTube](its page), another as its address; a warning names each', () => {
    const { markdown, warnings } = md(
      '<figure><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"></iframe></figure><p><iframe src="//player.vimeo.com/video/123"></iframe></p><iframe src="https://infogram.example/x"></iframe><video src="/media/v.mp4">sem vídeo</video>',
    );
    expect(markdown).toBe(
      '[YouTube](https://www.youtube.com/watch?v=dQw4w9WgXcQ)\n\n[Vimeo](https://vimeo.com/123)\n\n<https://infogram.example/x>\n\n<https://blog.example.com/media/v.mp4>',
    );
    expect(warnings).toEqual([
      'Conteúdo incorporado mantido como link: https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'Conteúdo incorporado mantido como link: https://vimeo.com/123',
      'Conteúdo incorporado mantido como link: https://infogram.example/x',
      'Conteúdo incorporado mantido como link: https://blog.example.com/media/v.mp4',
    ]);
  });

  it('an embed from an unknown provider with a title is named by its title', () => {
    expect(md('<iframe src="https://datawrapper.dwcdn.net/AbC12/1/" title="Eleitores por ano"></iframe>').markdown).toBe('[Eleitores por ano](https://datawrapper.dwcdn.net/AbC12/1/)');
  });

  it('an image inlined as data: is dropped with a warning', () => {
    const { markdown, warnings } = md('<p>a<img src="data:image/png;base64,iVBORw0KGgo=" alt="x"></p>');
    expect(markdown).toBe('a');
    expect(warnings).toEqual(['Imagem embutida no HTML (data:) removida.']);
  });

  it('empty paragraphs (&nbsp;) and leading or trailing breaks leave nothing behind', () => {
    expect(md('<p>&nbsp;</p><p><br>Um<br></p><p> </p><h2> </h2>').markdown).toBe('Um');
  });
});

describe('htmlToMarkdown: nothing in the result is raw HTML', () => {
  const hostile = [
    '<p>texto &lt;script&gt;alert(1)&lt;/script&gt; e &lt;img src=x onerror=alert(1)&gt;</p>',
    '<p>&lt;!-- comentário --&gt; &lt;?php echo 1; ?&gt; &lt;![CDATA[x]]&gt; &lt;/div&gt;</p>',
    '<p>&lt;div&gt;</p><p>&lt;DIV class="x"&gt;bloco&lt;/DIV&gt;</p>',
    '<ul><li>&lt;b&gt;item&lt;/b&gt;</li></ul><blockquote>&lt;i&gt;x&lt;/i&gt;</blockquote>',
    '<table><tr><th>&lt;b&gt;</th></tr><tr><td>&lt;i&gt;</td></tr></table>',
    '<p>linha<br>&lt;div&gt;<br>    &lt;span&gt;</p>',
    '<h2>&lt;h1&gt;título&lt;/h1&gt;</h2>',
    '<p><a href="https://x.example/?a=<b>">&lt;a href=x&gt;</a></p>',
    '<p><img alt="<script>" src="https://x.example/a.jpg"></p>',
    '<div><span>solto</span> &lt;p&gt;</div>',
    '<p>`&lt;code&gt;` e \\&lt;x&gt;</p>',
  ];
  it.each(hostile)('%s', (html) => {
    const { markdown } = md(html);
    expect(markdown).not.toBe('');
  });

  it('text that looks like a tag is shown as that text', () => {
    expect(plainText(md('<p>use &lt;script&gt; com cuidado</p>').markdown)).toBe('use <script> com cuidado');
  });
});

describe('htmlToText', () => {
  it('decodes references and drops tags, for titles and captions', () => {
    expect(htmlToText('Tom &amp; Jerry&#8217;s <em>show</em>&nbsp;de&nbsp;2020')).toBe('Tom & Jerry’s show de 2020');
    expect(htmlToText('  sem   marcação ')).toBe('sem marcação');
    expect(htmlToText('a &lt;b&gt; <script>x()</script>c')).toBe('a <b> c');
  });

  it('dropImages: no picture is left, nor a link that held only one; the text and its captions stay', () => {
    const { markdown } = htmlToMarkdown(
      '<p>Antes <img src="https://cdn.example/a.jpg" alt="A"> depois.</p><figure><a href="https://cdn.example/b.jpg"><img src="https://cdn.example/b.jpg" alt=""></a><figcaption>Legenda</figcaption></figure><p><a href="https://outlet.example/"><img src="/logo.png"></a></p>',
      { baseUrl: 'https://outlet.example/noticia', dropImages: true },
    );
    expect(markdown).not.toMatch(/!\[|cdn\.example|logo\.png|\]\(https:\/\/outlet/);
    expect(markdown).toMatch(/Antes\s+depois\./);
    expect(markdown).toContain('Legenda');
  });
});
