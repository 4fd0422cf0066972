import { waitFor } from '@testing-library/react';
import { renderApp } from '@/testing/render-app';

describe('root route', () => {
  it('replaces / with /pt', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pt'));
    // replace, not push: there is no history entry to go back to "/".
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
