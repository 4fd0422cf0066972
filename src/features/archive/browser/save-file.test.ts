import { backupFileName, siteDay } from './save-file';

describe('backup file names', () => {
  it('name the site and the day in Brasília, whatever the computer’s zone', () => {
    // 01:30 UTC on 2 May is still 1 May in São Paulo (UTC−3).
    const lateEvening = new Date('2026-05-02T01:30:00Z');
    expect(siteDay(lateEvening)).toBe('2026-05-01');
    expect(backupFileName('AnaSilva.com.br', lateEvening)).toBe('backup-anasilva.com.br-2026-05-01.zip');
    expect(backupFileName('127.0.0.1', new Date('2026-12-31T12:00:00Z'))).toBe('backup-127.0.0.1-2026-12-31.zip');
  });

  it('keep to letters, digits, dots and hyphens', () => {
    expect(backupFileName('[::1]', new Date('2026-01-10T12:00:00Z'))).toBe('backup-1-2026-01-10.zip');
    expect(backupFileName('', new Date('2026-01-10T12:00:00Z'))).toBe('backup-site-2026-01-10.zip');
  });
});
