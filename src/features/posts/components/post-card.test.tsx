import { fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { restUrl } from '@/testing/api';
import { buildPost } from '@/testing/fixtures/posts';
import { pgrstAnswer } from '@/testing/handlers/postgrest';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';

const post = buildPost({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  slug: 'uma-historia',
  title: 'Uma história',
  excerpt: 'O resumo dela.',
  image_url: 'https://images.example.com/broken.jpg',
});
const noImage = buildPost({ title: 'Sem imagem', image_url: null });

beforeEach(() => {
  server.use(http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, [post, noImage])));
});

afterEach(() => {
  vi.unstubAllGlobals();
  // userEvent installs a clipboard stub on navigator; tests that replace share remove it.
  Reflect.deleteProperty(navigator, 'share');
});

describe('post card image', () => {
  it('shows the placeholder when the post has no image', async () => {
    renderApp('/pt');
    const img = await screen.findByRole('img', { name: 'Sem imagem' });
    expect(img.getAttribute('src')).toMatch(/\/placeholder-800\b[^/]*\.png$/);
    // A sharp phone screen or a wide one takes the larger drawing.
    expect(img.getAttribute('srcset')).toMatch(/placeholder-800\b[^/]*\.png 800w, \S*placeholder-1600\b[^/]*\.png 1600w$/);
  });

  it('shows the post image, and the placeholder once it fails to load', async () => {
    renderApp('/pt');
    const img = await screen.findByRole('img', { name: 'Uma história' });
    expect(img).toHaveAttribute('src', 'https://images.example.com/broken.jpg');
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Uma história' }).getAttribute('src')).toMatch(/\/placeholder-800\b[^/]*\.png$/);
  });
});

describe('post card share', () => {
  const shareButton = async () => {
    const card = (await screen.findByRole('heading', { level: 3, name: 'Uma história' })).closest('article')!;
    return within(card).getByRole('button', { name: 'Compartilhar “Uma história”' });
  };

  it("uses the device share function with title, excerpt and the post's full address", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp('/pt');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await shareButton());
    expect(share).toHaveBeenCalledWith({
      title: 'Uma história',
      text: 'O resumo dela.',
      url: `${window.location.origin}/pt/uma-historia`,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByText('Link copiado!')).not.toBeInTheDocument();
  });

  it('does nothing more when the reader closes the share sheet', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('cancelled', 'AbortError'));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderApp('/pt');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await shareButton());
    expect(share).toHaveBeenCalled();
    expect(writeText).not.toHaveBeenCalled();
  });

  it('without a share function, copies the link and confirms it (pt)', async () => {
    const { user } = renderApp('/pt');
    await user.click(await shareButton());
    expect(await screen.findByText('Link copiado!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/pt/uma-historia`);
  });

  it('without a share function, confirms in English on /en', async () => {
    const enPost = buildPost({ id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', slug: 'a-story', title: 'A story', language: 'en' });
    server.use(http.get(restUrl('blog_posts'), ({ request }) => pgrstAnswer(request, [enPost])));
    const { user } = renderApp('/en');
    await user.click(await screen.findByRole('button', { name: 'Share “A story”' }));
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/en/a-story`);
  });
});
