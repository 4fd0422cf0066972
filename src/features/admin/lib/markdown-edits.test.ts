import { applyEdit, formatEdit, type MarkdownFormat } from './markdown-edits';

const placeholders = { bold: 'negrito', italic: 'itálico', link: 'texto do link', image: 'descrição da imagem', url: 'https://' };

/** `[` and `]` mark the selection, in the input and in the expected result. */
function run(marked: string, format: MarkdownFormat): string {
  const start = marked.indexOf('[');
  const end = marked.indexOf(']') - 1;
  const text = marked.replace('[', '').replace(']', '');
  const edit = formatEdit(text, start, end, format, placeholders);
  const out = applyEdit(text, edit);
  return `${out.slice(0, edit.select[0])}[${out.slice(edit.select[0], edit.select[1])}]${out.slice(edit.select[1])}`;
}

describe('toolbar edits', () => {
  it.each<[MarkdownFormat, string, string]>([
    ['bold', 'um [texto] aqui', 'um **[texto]** aqui'],
    ['bold', 'um []aqui', 'um **[negrito]**aqui'],
    ['bold', 'um [**texto**] aqui', 'um [texto] aqui'],
    ['bold', 'um **[texto]** aqui', 'um [texto] aqui'],
    ['italic', '[texto]', '_[texto]_'],
    ['link', 'veja [a fonte].', 'veja [a fonte]([https://]).'],
    ['link', 'veja [].', 'veja [[texto do link]](https://).'],
    ['image', 'antes []depois', 'antes ![[descrição da imagem]](https://)depois'],
    ['heading', 'um\nsegunda [li]nha\ntrês', 'um\n## [segunda linha]\ntrês'],
    ['heading', 'um\n[]\ntrês', 'um\n## []\ntrês'],
    ['heading', '[## Título]', '[Título]'],
    ['quote', '[um\ndois]', '[> um\n> dois]'],
    ['list', 'x\n[um\ndois\n]três', 'x\n[- um\n- dois]\ntrês'],
    ['list', '[- um\ntwo]', '[- um\n- two]'],
  ])('%s: %j → %j', (format, input, expected) => {
    expect(run(input, format)).toBe(expected);
  });
});
