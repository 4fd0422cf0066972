import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ImageUploadError, uploadPostImage } from '../api/upload-image';
import { restUrl } from '@/testing/api';
import { server } from '@/testing/server';
import { adminPosts, renderAdmin } from '../test-utils';

// Resizing needs a real canvas (the end-to-end test has one): here the upload is a stand-in.
vi.mock('../api/upload-image', async (actual) => ({ ...(await actual<typeof import('../api/upload-image')>()), uploadPostImage: vi.fn() }));
const upload = vi.mocked(uploadPostImage);
const UPLOADED = 'http://localhost:54321/storage/v1/object/public/post-images/posts/abc123/1600.webp';

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
    expect((await preview.findByRole('heading', { name: 'Bastidores' })).tagName).toBe('H2');
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

  it('"Imagem" uploads a picture and puts it at the cursor, its description selected to type', async () => {
    upload.mockResolvedValue(UPLOADED);
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    const text = content(d);
    await user.type(text, 'Antes. Depois.');
    text.setSelectionRange(7, 7);
    await user.click(d.getByRole('button', { name: 'Imagem' }));
    const file = new File(['x'], 'coletiva.jpg', { type: 'image/jpeg' });
    await user.upload(d.getByLabelText('Conteúdo').parentElement!.parentElement!.querySelector('input[type=file]') as HTMLInputElement, file);
    await waitFor(() => expect(text).toHaveValue(`Antes. ![descrição da imagem](${UPLOADED})Depois.`));
    expect(upload).toHaveBeenCalledWith(file);
    expect(text.value.slice(text.selectionStart, text.selectionEnd)).toBe('descrição da imagem');
  });

  it('a refused picture says why and leaves the text as it was', async () => {
    upload.mockRejectedValue(new ImageUploadError('Formato não aceito. Use uma imagem JPEG, PNG, WebP, AVIF ou GIF.'));
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    const text = content(d);
    await user.type(text, 'Texto.');
    await user.click(d.getByRole('button', { name: 'Imagem' }));
    const input = d.getByLabelText('Conteúdo').parentElement!.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'foto.png', { type: 'image/png' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Formato não aceito. Use uma imagem JPEG, PNG, WebP, AVIF ou GIF.');
    expect(text).toHaveValue('Texto.');
  });

  it('the cover: "Enviar imagem" fills "URL da Imagem"; a refusal says why', async () => {
    upload.mockResolvedValueOnce(UPLOADED).mockRejectedValueOnce(new ImageUploadError('Sua conta não tem permissão para enviar imagens.'));
    const { user } = await renderAdmin();
    const d = await openNewPost(user);
    const field = d.getByLabelText('URL da Imagem');
    const picker = field.parentElement!.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(picker, new File(['x'], 'capa.png', { type: 'image/png' }));
    await waitFor(() => expect(field).toHaveValue(UPLOADED));
    expect(d.getByRole('img', { name: 'Imagem de capa' })).toHaveAttribute('src', UPLOADED);
    // Then its description is asked.
    await waitFor(() => expect(d.getByLabelText('Descrição da imagem')).toHaveFocus());
    await user.upload(picker, new File(['x'], 'capa2.png', { type: 'image/png' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Sua conta não tem permissão para enviar imagens.');
    expect(field).toHaveValue(UPLOADED);
  });
});
