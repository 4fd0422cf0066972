import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, markdownElements } from './markdown';

const html = (text: string) => renderToStaticMarkup(<Markdown text={text} />);
const dom = (text: string) => render(<Markdown text={text} />).container;
/** The server's HTML, as the browser parses it. */
function parsed(markup: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup;
  return container;
}

describe('Markdown: what a writer uses', () => {
  it('renders headings (never h1: that is the title), emphasis, strikethrough, quotes and lists', () => {
    const c = dom('# Título\n\n## Seção\n\n### Sub\n\nTexto com **negrito**, _itálico_ e ~~riscado~~.\n\n> Uma citação\n\n- um\n- dois\n\n1. primeiro\n2. segundo');
    expect([...c.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Título', 'Seção']);
    expect(c.querySelector('h3')!.textContent).toBe('Sub');
    expect(c.querySelector('h1')).toBeNull();
    expect(c.querySelector('strong')!.textContent).toBe('negrito');
    expect(c.querySelector('em')!.textContent).toBe('itálico');
    expect(c.querySelector('del')!.textContent).toBe('riscado');
    expect(c.querySelector('blockquote')!.textContent).toBe('Uma citação');
    expect([...c.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['um', 'dois']);
    expect([...c.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['primeiro', 'segundo']);
  });

  it('renders links and autolinks; external ones open in a new tab without access to the page', () => {
    const c = dom('[o blog](/pt) e [fonte](https://example.com/a "A fonte") e https://example.org e <mailto:eu@example.com>');
    const [internal, external, autolink, mail] = [...c.querySelectorAll('a')];
    expect(internal).toHaveAttribute('href', '/pt');
    expect(internal).not.toHaveAttribute('target');
    expect(external).toHaveAttribute('href', 'https://example.com/a');
    expect(external).toHaveAttribute('title', 'A fonte');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(autolink).toHaveAttribute('href', 'https://example.org');
    expect(autolink).toHaveAttribute('rel', 'noopener noreferrer');
    expect(mail).toHaveAttribute('href', 'mailto:eu@example.com');
  });

  it('renders images lazily with their description', () => {
    const img = dom('![Coletiva de imprensa](https://images.example.com/c.jpg)').querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://images.example.com/c.jpg');
    expect(img).toHaveAttribute('alt', 'Coletiva de imprensa');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('renders tables', () => {
    const c = dom('| Ano | Veículo |\n| ---: | --- |\n| 1994 | Jornal |');
    expect([...c.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Ano', 'Veículo']);
    expect(c.querySelector('td')).toHaveStyle({ textAlign: 'right' });
  });

  it('keeps a plain-text post as it was: blank lines make paragraphs, a single break stays a break', () => {
    const c = dom('Primeiro parágrafo,\nainda o primeiro.\n\nSegundo parágrafo.');
    const paragraphs = c.querySelectorAll('p');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]!.querySelectorAll('br')).toHaveLength(1);
    expect(paragraphs[0]!.textContent).toBe('Primeiro parágrafo,ainda o primeiro.');
    expect(paragraphs[1]!.textContent).toBe('Segundo parágrafo.');
  });

  it('decodes character references as CommonMark does', () => {
    expect(dom('AT&amp;T &copy; 2024 &#233; &#x1F4F0; &naoexiste; R&D').textContent).toBe('AT&T © 2024 é 📰 &naoexiste; R&D');
  });
});

describe('Markdown: hostile input is shown, never run', () => {
  it.each([
    ['a script block', '<script>alert(1)</script>'],
    ['an inline script', 'oi <script>alert(1)</script> tchau'],
    ['an event handler', '<img src=x onerror=alert(1)>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style tag', '<style>body{display:none}</style>'],
    ['an svg with script', '<svg><script>alert(1)</script></svg>'],
  ])('raw HTML (%s) appears as text', (_, input) => {
    const out = html(input);
    expect(out).not.toMatch(/<(script|img|iframe|style|svg)\b/i);
    expect(dom(input).textContent).toContain(input.replace(/\s+/g, ' ').trim().slice(0, 12));
  });

  it.each([
    ['javascript:', '[clique](javascript:alert(1))'],
    ['JavaScript: in capitals', '[clique](JaVaScRiPt:alert(1))'],
    ['javascript: with a tab', '[clique](java\tscript:alert(1))'],
    ['javascript: as entities', '[clique](javascript&#58;alert(1))'],
    ['javascript: with &colon;', '[clique](javascript&colon;alert(1))'],
    ['data:', '[clique](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['vbscript:', '[clique](vbscript:msgbox(1))'],
    ['a reference definition', '[clique][x]\n\n[x]: javascript:alert(1)'],
  ])('a %s link is dropped, its text kept', (_, input) => {
    const c = dom(input);
    expect(c.querySelector('a')).toBeNull();
    expect(c.textContent).toContain('clique');
  });

  it.each([
    ['javascript:', '![foto](javascript:alert(1))'],
    ['data:', '![foto](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)'],
  ])('a %s image is dropped, its description kept', (_, input) => {
    const c = dom(input);
    expect(c.querySelector('img')).toBeNull();
    expect(c.textContent).toBe('foto');
  });

  it('attributes cannot be broken out of', () => {
    const text = '[x](https://example.com/" onmouseover="alert(1)) ![y" onerror="alert(1)](https://example.com/i.png)';
    for (const container of [dom(text), parsed(html(text))]) {
      const attributes = [...container.querySelectorAll('*')].flatMap((el) => el.getAttributeNames());
      expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
      expect(container.querySelector('img')!.getAttribute('alt')).toBe('y" onerror="alert(1)');
    }
  });

  it('renders the same markup on the server and in the browser', () => {
    const text = '## Oi\n\nTexto [link](https://example.com) e ![img](/a.png)\n\n- item\n\n| a |\n| - |\n| b |';
    expect(parsed(html(text)).isEqualNode(dom(text))).toBe(true);
  });

  it('imageAllowed: a refused picture, anywhere, is its alt text; an allowed one is a picture', () => {
    const text = '![Foto](https://outlet.example/a.jpg)\n\n- [![Mini](https://outlet.example/b.jpg)](https://outlet.example/)\n\n| c |\n| - |\n| ![Tab](https://outlet.example/c.jpg) |\n\n![Nossa](/storage/v1/object/public/clip-files/x/y.png)';
    const markup = renderToStaticMarkup(<>{markdownElements(text, { imageAllowed: (src) => src.startsWith('/storage/') })}</>);
    const container = parsed(markup);
    expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/storage/v1/object/public/clip-files/x/y.png']);
    expect(container.textContent).toContain('Foto');
    expect(container.textContent).toContain('Mini');
    expect(container.textContent).toContain('Tab');
  });
});
