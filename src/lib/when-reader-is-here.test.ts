/** Fresh module per test: the first sign of a reader is remembered for the page's life. */
async function freshWhenReaderIsHere() {
  vi.resetModules();
  return (await import('./when-reader-is-here')).whenReaderIsHere;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => setVisibility('visible'));

describe('whenReaderIsHere', () => {
  it('waits for her first input, then calls once', async () => {
    const whenReaderIsHere = await freshWhenReaderIsHere();
    const then = vi.fn();
    whenReaderIsHere(then);
    expect(then).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls at once on a later page once she has given a sign', async () => {
    const whenReaderIsHere = await freshWhenReaderIsHere();
    whenReaderIsHere(() => {});
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    const then = vi.fn();
    whenReaderIsHere(then);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('counts her coming back to the tab, not the tab being hidden', async () => {
    const whenReaderIsHere = await freshWhenReaderIsHere();
    const then = vi.fn();
    whenReaderIsHere(then);
    setVisibility('hidden');
    expect(then).not.toHaveBeenCalled();
    setVisibility('visible');
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls nothing once cancelled', async () => {
    const whenReaderIsHere = await freshWhenReaderIsHere();
    const then = vi.fn();
    whenReaderIsHere(then)();
    window.dispatchEvent(new Event('wheel'));
    expect(then).not.toHaveBeenCalled();
  });
});
