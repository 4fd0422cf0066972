import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

type User = Awaited<ReturnType<typeof renderAdmin>>['user'];

async function openNewPost(user: User) {
  await user.click(screen.getByRole('button', { name: 'Novo Post' }));
  return within(await screen.findByRole('dialog', { name: 'Criar Novo Post' }));
}

const content = (d: ReturnType<typeof within>) => d.getByRole('textbox', { name: 'Conteúdo' }) as HTMLTextAreaElement;
const words = (n: number) => Array.from({ length: n }, () => 'palavra').join(' ');

describe('the post editor', () => {
  it('the toolbar and Ctrl+B/I/K format the selection, or insert a placeholder to type over', async () => {
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    const toolbar = within(d.getByRole('toolbar', { name: 'Formatação' }));
    const text = content(d);
    await user.type(text, 'uma frase forte');
    text.setSelectionRange(10, 15);
    await user.click(toolbar.getByRole('button', { name: 'Negrito' }));
    expect(text).toHaveValue('uma frase **forte**');
    // The formatted text stays selected: a second click undoes it.
    expect([text.selectionStart, text.selectionEnd]).toEqual([12, 17]);
    await user.click(toolbar.getByRole('button', { name: 'Negrito' }));
    expect(text).toHaveValue('uma frase forte');

    text.setSelectionRange(4, 9);
    await user.keyboard('{Control>}i{/Control}');
    expect(text).toHaveValue('uma _frase_ forte');
    text.setSelectionRange(0, 3);
    await user.keyboard('{Control>}k{/Control}');
    expect(text).toHaveValue('[uma](https://) _frase_ forte');
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe('https://');

    await user.clear(text);
    await user.click(toolbar.getByRole('button', { name: 'Imagem' }));
    expect(text).toHaveValue('![descrição da imagem](https://)');
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe('descrição da imagem');
    await user.click(toolbar.getByRole('button', { name: 'Citação' }));
    expect(text.value.startsWith('> ')).toBe(true);
  });

  it('"Pré-visualizar" shows the text as readers will see it', async () => {
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    await user.click(content(d));
    await user.paste('## Bastidores\n\nUm [link](https://example.com) e <b>html</b>.');
    await user.click(d.getByRole('tab', { name: 'Pré-visualizar' }));
    const preview = within(d.getByRole('tabpanel', { name: 'Pré-visualizar' }));
    expect(preview.getByRole('heading', { name: 'Bastidores' }).tagName).toBe('H2');
    expect(preview.getByRole('link', { name: 'link' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(preview.getByText(/<b>html<\/b>/)).toBeInTheDocument();
    expect(d.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(d.getByRole('tab', { name: 'Escrever' }));
    expect(content(d)).toHaveValue('## Bastidores\n\nUm [link](https://example.com) e <b>html</b>.');
  });

  it('counts the words and sets the reading time as she types, until she types her own', async () => {
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('5 min');
    await user.click(content(d));
    await user.paste(words(1150));
    expect(await d.findByText('1.150 palavras · 6 min de leitura')).toBeInTheDocument();
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('6 min');

    await user.clear(d.getByLabelText('Tempo de Leitura'));
    await user.type(d.getByLabelText('Tempo de Leitura'), '10 min');
    await user.click(content(d));
    await user.paste(` ${words(400)}`);
    expect(await d.findByText('1.550 palavras · 8 min de leitura')).toBeInTheDocument();
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('10 min');
  });

  it('keeps a post’s own reading time; follows the text when the stored time was the computed one', async () => {
    const typed = { ...adminPosts[0]!, content: words(10), read_time: '6 min' };
    const computed = { ...adminPosts[1]!, content: words(10), read_time: '1 min' };
    const { user } = await renderAdmin([typed, computed, adminPosts[2]!]);
    server.use(http.patch(restUrl('blog_posts'), () => new HttpResponse(null, { status: 204 })));

    await user.click(await screen.findByRole('button', { name: `Editar post ${typed.title}` }));
    let d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await user.click(content(d));
    await user.paste(` ${words(400)}`);
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('6 min');
    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: `Editar post ${computed.title}` }));
    d = within(await screen.findByRole('dialog', { name: 'Editar Post' }));
    await user.click(content(d));
    await user.paste(` ${words(400)}`);
    expect(d.getByLabelText('Tempo de Leitura')).toHaveValue('3 min');
  });
});
