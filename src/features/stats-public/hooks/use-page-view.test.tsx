import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { sendView } from '../lib/send-view';
import { usePageView } from './use-page-view';

vi.mock('../lib/send-view', () => ({ sendView: vi.fn() }));

function Page({ page }: { page: string }) {
  usePageView(page);
  return null;
}

let visibility: DocumentVisibilityState;
let prerendering: boolean;

function setPage(state: { visibility?: DocumentVisibilityState; prerendering?: boolean }, event: string) {
  visibility = state.visibility ?? visibility;
  prerendering = state.prerendering ?? prerendering;
  act(() => void document.dispatchEvent(new Event(event)));
}

/** Lets the idle moment come and the sender's import settle. */
async function idle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(sendView).mockClear();
  visibility = 'visible';
  prerendering = false;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete (document as { prerendering?: boolean }).prerendering;
});

describe('usePageView', () => {
  it('counts a page once when it is visible and the browser idle, not before', async () => {
    render(<Page page="/pt" />);
    expect(sendView).not.toHaveBeenCalled();
    await idle();
    expect(vi.mocked(sendView).mock.calls).toEqual([['/pt']]);
  });

  it('waits for a hidden tab to be shown', async () => {
    visibility = 'hidden';
    render(<Page page="/pt" />);
    await idle();
    expect(sendView).not.toHaveBeenCalled();
    setPage({ visibility: 'visible' }, 'visibilitychange');
    await idle();
    expect(vi.mocked(sendView).mock.calls).toEqual([['/pt']]);
  });

  it('counts nothing while the page is prerendered, and counts it once it is activated', async () => {
    prerendering = true;
    render(<Page page="/en" />);
    await idle();
    setPage({}, 'visibilitychange');
    await idle();
    expect(sendView).not.toHaveBeenCalled();
    setPage({ prerendering: false }, 'prerenderingchange');
    await idle();
    expect(vi.mocked(sendView).mock.calls).toEqual([['/en']]);
  });

  it('counts once per page view: not again for StrictMode’s second effect, re-renders or tab switches', async () => {
    const { rerender } = render(
      <StrictMode>
        <Page page="/pt" />
      </StrictMode>,
    );
    await idle();
    rerender(
      <StrictMode>
        <Page page="/pt" />
      </StrictMode>,
    );
    setPage({ visibility: 'hidden' }, 'visibilitychange');
    setPage({ visibility: 'visible' }, 'visibilitychange');
    await idle();
    expect(vi.mocked(sendView).mock.calls).toEqual([['/pt']]);
  });

  it('counts the next page the app shows, and nothing for a page left before it was seen', async () => {
    visibility = 'hidden';
    const { rerender, unmount } = render(<Page page="/pt" />);
    rerender(<Page page="a-post" />);
    setPage({ visibility: 'visible' }, 'visibilitychange');
    await idle();
    rerender(<Page page="another-post" />);
    await idle();
    unmount();
    expect(vi.mocked(sendView).mock.calls).toEqual([['a-post'], ['another-post']]);
  });
});
