import { defaultScheduleTime, formatScheduledTime, instantToWallTime, wallTimeToInstant } from './site-time';

describe('Brasília wall times (issue 23)', () => {
  it('names the UTC instant of a date and time in America/Sao_Paulo, whatever the machine’s zone', () => {
    expect(wallTimeToInstant({ date: '2026-11-25', time: '08:00' })?.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(wallTimeToInstant({ date: '2026-12-31', time: '23:30' })?.toISOString()).toBe('2027-01-01T02:30:00.000Z');
    // 2018, when Brazil still had summer time (UTC−2).
    expect(wallTimeToInstant({ date: '2018-12-01', time: '08:00' })?.toISOString()).toBe('2018-12-01T10:00:00.000Z');
  });

  it('refuses what names no moment', () => {
    expect(wallTimeToInstant({ date: '', time: '08:00' })).toBeNull();
    expect(wallTimeToInstant({ date: '2026-11-25', time: '' })).toBeNull();
    expect(wallTimeToInstant({ date: '2026-13-01', time: '08:00' })).toBeNull();
    expect(wallTimeToInstant({ date: '2026-11-25', time: '24:00' })).toBeNull();
  });

  it('gives an instant back as its Brasília date and time', () => {
    expect(instantToWallTime('2026-11-25T11:00:00.000Z')).toEqual({ date: '2026-11-25', time: '08:00' });
    expect(instantToWallTime('2027-01-01T02:30:00+00:00')).toEqual({ date: '2026-12-31', time: '23:30' });
  });

  it('says it as the card does: day, month name, year, comma, 24-hour time', () => {
    expect(formatScheduledTime('2026-11-25T11:00:00.000Z')).toBe('25 de novembro de 2026, 08:00');
    expect(formatScheduledTime('2026-03-02T01:05:00.000Z')).toBe('1 de março de 2026, 22:05');
  });

  it('offers tomorrow at 08:00 in Brasília', () => {
    // 22:30 in Brasília on the 24th is already the 25th in UTC: tomorrow is still the 25th.
    expect(defaultScheduleTime(new Date('2026-11-25T01:30:00.000Z'))).toEqual({ date: '2026-11-25', time: '08:00' });
    expect(defaultScheduleTime(new Date('2026-11-25T12:00:00.000Z'))).toEqual({ date: '2026-11-26', time: '08:00' });
  });
});
