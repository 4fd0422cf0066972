import { isValidAccountAddress, isValidHandle, serverName } from './account-rules';

describe('what her accounts accept, as the database does', () => {
  it('a name: a-z, 0-9 and _, from 1 to 30', () => {
    for (const ok of ['pt', 'helena_duarte', 'a1', 'x'.repeat(30)]) expect(isValidHandle(ok), ok).toBe(true);
    for (const bad of ['', 'Helena', 'helena duarte', 'joão', 'a-b', 'x'.repeat(31), '@pt']) expect(isValidHandle(bad), bad).toBe(false);
  });

  it('her earlier account: a full https address or @user@host', () => {
    for (const ok of ['https://mastodon.social/@helena', '@helena@mastodon.social', 'helena@mastodon.social']) expect(isValidAccountAddress(ok), ok).toBe(true);
    for (const bad of ['http://mastodon.social/@helena', 'mastodon.social/@helena', 'https://x y', 'https://localhost/@a', '@helena', '@helena@localhost', '@he lena@mastodon.social'])
      expect(isValidAccountAddress(bad), bad).toBe(false);
  });

  it('a server to block: its name, from a name, an address or a handle', () => {
    expect(serverName(' Spam.Example ')).toBe('spam.example');
    expect(serverName('https://Spam.Example/@someone')).toBe('spam.example');
    expect(serverName('@bia@spam.example')).toBe('spam.example');
    for (const bad of ['não é um servidor', 'spam', 'https://', '']) expect(serverName(bad), bad).toBeNull();
  });
});
