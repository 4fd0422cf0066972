import { parseTemplate, TemplateError } from './template.ts';

const TEMPLATE = '<html lang="pt-BR"><head><meta name="supabase-anon-key" content="" /><!--ssr-head--><title>D</title><!--/ssr-head--></head><body><div id="root"><!--ssr-body--></div></body></html>';

it('refuses a template without its markers, saying how to fix it', () => {
  expect(() => parseTemplate('<html lang="pt-BR"><div id="root"></div></html>', 'k')).toThrow(TemplateError);
  expect(() => parseTemplate('<html lang="pt-BR"><div id="root"></div></html>', 'k')).toThrow(/npm run build/);
});

it('writes the anon key, escaped, into its meta tag', () => {
  expect(parseTemplate(TEMPLATE, 'k"<').shell).toContain('<meta name="supabase-anon-key" content="k&quot;&lt;" />');
});

it('keeps replacement patterns in page text as text', () => {
  const html = parseTemplate(TEMPLATE, 'k').fill({ lang: 'pt-BR', head: "<title>$& $' $`</title>", body: '<p>$&</p>', state: '{}' });
  expect(html).toContain("<title>$& $' $`</title>");
  expect(html).toContain('<div id="root"><p>$&</p></div>');
});

it('escapes the page language into the html tag', () => {
  expect(parseTemplate(TEMPLATE, 'k').fill({ lang: 'x"><script>', head: '', body: '', state: '{}' })).toContain('<html lang="x&quot;>&lt;script>">');
});
