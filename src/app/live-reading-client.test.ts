import { followPublicChanges } from './live-reading-client';

type Status = 'SUBSCRIBED' | 'CHANNEL_ERROR' | 'CLOSED' | 'TIMED_OUT';
const joins: ((status: Status) => void)[] = [];

vi.mock('@supabase/realtime-js', () => {
  class FakeChannel {
    on() {
      return this;
    }
    subscribe(callback: (status: Status) => void) {
      joins.push(callback);
      return this;
    }
  }
  class RealtimeClient {
    channel() {
      return new FakeChannel();
    }
    removeChannel() {}
    disconnect() {}
  }
  return { RealtimeClient };
});

describe('followPublicChanges', () => {
  it('reads everything again when its channel joins again after a lost connection, not on the first join', () => {
    const onPostChange = vi.fn();
    const onSettingChange = vi.fn();
    followPublicChanges({ url: 'http://localhost:54321', key: 'anon', onPostChange, onSettingChange });
    const status = joins.at(-1)!;
    status('SUBSCRIBED');
    expect(onPostChange).not.toHaveBeenCalled();
    status('CHANNEL_ERROR');
    status('SUBSCRIBED');
    expect(onPostChange).toHaveBeenCalledTimes(1);
    expect(onSettingChange).toHaveBeenCalledTimes(1);
  });

  it('reads everything once on its first join when it starts after the page (the reader came later)', () => {
    const onPostChange = vi.fn();
    const onSettingChange = vi.fn();
    followPublicChanges({ url: 'http://localhost:54321', key: 'anon', onPostChange, onSettingChange, catchUpOnFirstJoin: true });
    joins.at(-1)!('SUBSCRIBED');
    expect(onPostChange).toHaveBeenCalledTimes(1);
    expect(onSettingChange).toHaveBeenCalledTimes(1);
  });
});
