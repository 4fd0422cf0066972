import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { server } from '@/testing/server';
import { adminPosts } from '../../admin/test-utils';
import { renderArchiveTab } from './test-archive';

const example = (n: number, language: 'pt' | 'en') =>
  buildPost({ id: `de300000-0000-4000-8000-00000000010${n}`, title: `Exemplo ${n}`, language, origin_source: 'demo', origin_id: `${language}-${n}` });

describe('"Remover conteúdo de exemplo"', () => {
  it('says how many example posts the site has, asks, removes exactly them, and goes away', async () => {
    const posts = [...adminPosts, example(1, 'pt'), example(2, 'pt'), example(3, 'en')];
    const deletes: URL[] = [];
    server.use(
      http.delete(restUrl('blog_posts'), ({ request }) => {
        const url = new URL(request.url);
        deletes.push(url);
        const ids = url.searchParams.get('id')!.replace(/^in\.\(|\)$/g, '').split(',');
        const gone = posts.filter((p) => ids.includes(p.id) && p.origin_source === 'demo');
        for (const post of gone) posts.splice(posts.indexOf(post), 1);
        return HttpResponse.json(gone.map((p) => ({ id: p.id })));
      }),
    );
    const { user } = await renderArchiveTab(posts);
    const section = await screen.findByRole('region', { name: 'Conteúdo de exemplo' });
    expect(within(section).getByText('3 posts de exemplo continuam no site.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remover conteúdo de exemplo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remover conteúdo de exemplo?' });
    expect(dialog).toHaveAccessibleDescription('Os 3 posts de exemplo serão apagados, com as versões anteriores. Os seus posts não mudam.');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    expect(await screen.findByText('Conteúdo de exemplo removido: 3 posts.')).toBeInTheDocument();
    expect(deletes).toHaveLength(1);
    expect(deletes[0]!.searchParams.get('origin_source')).toBe('eq.demo');
    expect(posts.map((p) => p.title)).toEqual(adminPosts.map((p) => p.title));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Conteúdo de exemplo' })).not.toBeInTheDocument());
  });

  it('“Cancelar” removes nothing', async () => {
    let deleted = false;
    server.use(http.delete(restUrl('blog_posts'), () => ((deleted = true), HttpResponse.json([]))));
    const { user } = await renderArchiveTab([...adminPosts, example(1, 'pt')]);
    const section = await screen.findByRole('region', { name: 'Conteúdo de exemplo' });
    expect(within(section).getByText('1 post de exemplo continua no site.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Remover conteúdo de exemplo' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toBe(false);
    expect(screen.getByRole('region', { name: 'Conteúdo de exemplo' })).toBeInTheDocument();
  });

  it('a site without example posts shows no such section', async () => {
    await renderArchiveTab();
    await screen.findByRole('heading', { name: 'Backup' });
    expect(screen.queryByRole('heading', { name: 'Conteúdo de exemplo' })).not.toBeInTheDocument();
  });
});
