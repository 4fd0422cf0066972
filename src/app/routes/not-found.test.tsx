import { screen } from '@testing-library/react';
import '@/testing/slow-machine';
import { renderApp } from '@/testing/render-app';

afterEach(() => vi.restoreAllMocks());

describe('404 page', () => {
  it('shows the message and a link home, and logs the attempted path', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, router } = renderApp('/nao/existe?x=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('404 Error: User attempted to access non-existent route:', '/nao/existe');

    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    // Home is / which replaces itself with /pt.
    expect(await screen.findByRole('region', { name: 'Contato' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pt');
  });

  it('also answers for unknown paths under /post', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/post/a/b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
  });
});
