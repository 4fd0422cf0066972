import { render, screen } from '@testing-library/react';

/**
 * A server-rendered post keeps the server's HTML of its text: hydrating it
 * fetches and runs no Markdown renderer (issue 28). Fresh modules per test:
 * the kept markup is read once, as the page's post module loads.
 */
const SERVER_HTML = '<p class="mt-6 first:mt-0">Texto do <strong>servidor</strong>.</p>';
const SOURCE = 'Texto do **servidor**.';

async function loadWithServerPage() {
  vi.resetModules();
  document.body.innerHTML = `<div class="mt-10" data-server-markup="post-body">${SERVER_HTML}</div>`;
  const renderer = await import('../lib/markdown/renderer');
  const load = vi.spyOn(renderer, 'loadMarkdown');
  const { PostBody } = await import('./post-body');
  document.body.innerHTML = '';
  return { PostBody, load };
}

describe('PostBody on a server-rendered post', () => {
  it('shows the server’s HTML for the text it was rendered from, without loading the renderer', async () => {
    const { PostBody, load } = await loadWithServerPage();
    const { container } = render(<PostBody content={SOURCE} language="pt" />);
    expect(container.querySelector('[data-server-markup="post-body"]')?.innerHTML).toBe(SERVER_HTML);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
  });

  it('formats a changed text (a live edit) with the renderer, loaded then', async () => {
    const { PostBody, load } = await loadWithServerPage();
    const { rerender } = render(<PostBody content={SOURCE} language="pt" />);
    rerender(<PostBody content={'Texto **novo**, editado.'} language="pt" />);
    // The server's text stays on screen while the renderer loads, then the new one replaces it.
    expect(screen.getByText('servidor')).toBeInTheDocument();
    expect((await screen.findByText('novo')).tagName).toBe('STRONG');
    expect(screen.queryByText('servidor')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalled();
  });

  it('never shows the server’s HTML for another post’s text (a post reached by navigating)', async () => {
    const { PostBody } = await loadWithServerPage();
    render(<PostBody content={SOURCE} language="pt" />);
    const other = render(<PostBody content={'Outro post.'} language="pt" />);
    expect(await other.findByText('Outro post.')).toBeInTheDocument();
    expect(other.container.textContent).not.toContain('servidor');
  });
});
