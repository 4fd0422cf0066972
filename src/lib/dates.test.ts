/** Fresh module per test: the labels a page printed are kept for the page's life. */
async function freshDates() {
  vi.resetModules();
  return import('./dates');
}

describe('date labels printed by the server', () => {
  it('records what a render printed, and the browser prints the same without a formatter', async () => {
    const server = await freshDates();
    const labels = server.recordDateLabels(() => {
      server.formatShortDate('2024-03-15T12:00:00Z', 'pt');
      server.formatLongDate('2024-03-15T12:00:00Z', 'en');
    });
    expect(Object.values(labels)).toEqual(['15 de mar. de 2024', 'March 15, 2024']);

    const browser = await freshDates();
    browser.adoptServerDateLabels(labels);
    const Original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        built++;
      }
    } as typeof Original;
    try {
      expect(browser.formatShortDate('2024-03-15T12:00:00Z', 'pt')).toBe('15 de mar. de 2024');
      expect(browser.formatLongDate('2024-03-15T12:00:00Z', 'en')).toBe('March 15, 2024');
      expect(built).toBe(0);
      // A date the server did not print is formatted as always.
      expect(browser.formatLongDate('2024-03-16T12:00:00Z', 'pt')).toBe('16 de março de 2024');
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });

  it('records nothing outside a render', async () => {
    const dates = await freshDates();
    dates.formatShortDate('2024-03-15T12:00:00Z', 'pt');
    expect(dates.recordDateLabels(() => {})).toEqual({});
  });
});
