import { buildPost } from '@/testing/fixtures/posts';
import { emptyPostForm, postToFormValues, toInsertRow, toUpdateRow, translationFormValues } from './post-form-values';

/** A published post as stored, to edit. */
const stored = buildPost({ slug: 'bastidores', published: true, date: '2024-03-15T12:00:00+00:00' });

describe('post form values', () => {
  it('defaults to English, 5 min, a draft, no category, the address made from the title', () => {
    expect(emptyPostForm).toMatchObject({ language: 'en', read_time: '5 min', publication: 'draft', category: '', slug: null });
  });

  it('sets the date on insert only', () => {
    const now = new Date('2026-11-21T02:00:00.000Z');
    expect(toInsertRow({ ...emptyPostForm, title: ' T ' }, now)).toMatchObject({ title: 'T', date: now.toISOString(), published: false });
    expect(toUpdateRow({ ...emptyPostForm, title: 'T' }, stored)).not.toHaveProperty('date');
  });

  it('turns an empty category and image into null, and an empty read time into the default', () => {
    expect(toUpdateRow({ ...emptyPostForm, title: 'T', read_time: ' ' }, stored)).toMatchObject({ category: null, image_url: null, read_time: '5 min' });
  });

  it("drops a stored category that is not in the post language's list", () => {
    expect(postToFormValues(buildPost({ language: 'en', category: 'Outros' })).category).toBe('');
    expect(postToFormValues(buildPost({ language: 'pt', category: 'Outros' })).category).toBe('Outros');
  });

  it.each([
    ['pt', 'Relações com Mídia', 'Media Relations'],
    ['pt', 'Comunicação de Crise', 'Crisis Communication'],
    ['pt', 'Experiências Pessoais', 'Personal Experiences'],
    ['pt', 'Outros', 'Others'],
    ['en', 'Media Relations', 'Relações com Mídia'],
    ['en', 'Others', 'Outros'],
  ])('a translation of a %s post in "%s" is in the other language, in "%s"', (language, category, mapped) => {
    const source = buildPost({ language, category, read_time: '9 min', image_url: 'https://example.com/p.jpg', title: 'T', excerpt: 'E', content: 'C' });
    expect(translationFormValues(source)).toEqual({
      language: language === 'pt' ? 'en' : 'pt',
      category: mapped,
      title: '',
      excerpt: '',
      content: '',
      read_time: '9 min',
      image_url: 'https://example.com/p.jpg',
      image_alt: '',
      slug: null,
      publication: 'draft',
      newsletter: true,
      scheduleDate: '',
      scheduleTime: '',
    });
  });

  it('a translation of a post without category or picture has none either', () => {
    expect(translationFormValues(buildPost({ language: 'en', category: null, image_url: null }))).toMatchObject({ language: 'pt', category: '', image_url: '' });
  });
});

describe('the address and the schedule in the saved row (issue 23)', () => {
  const now = new Date('2026-11-24T15:00:00.000Z');
  const form = (values: Partial<typeof emptyPostForm>) => ({ ...emptyPostForm, title: 'T', ...values });

  it('a new post sends no slug until she types one (the database makes it, unique), then hers, trimmed', () => {
    expect(toInsertRow(form({}), now)).not.toHaveProperty('slug');
    expect(toInsertRow(form({ slug: ' minha-crise ' }), now)).toMatchObject({ slug: 'minha-crise' });
  });

  it('an edit sends the slug only when she changed it', () => {
    expect(toUpdateRow(form({ slug: 'bastidores' }), stored, now)).not.toHaveProperty('slug');
    expect(toUpdateRow(form({ slug: 'coletiva' }), stored, now)).toMatchObject({ slug: 'coletiva' });
  });

  it('a schedule stores published and the instant its Brasília wall time names (UTC−3: 08:00 is 11:00 UTC)', () => {
    const scheduled = form({ publication: 'scheduled', scheduleDate: '2026-11-25', scheduleTime: '08:00' });
    expect(toInsertRow(scheduled, now)).toMatchObject({ published: true, date: '2026-11-25T11:00:00.000Z' });
    expect(toUpdateRow(scheduled, stored, now)).toMatchObject({ published: true, date: '2026-11-25T11:00:00.000Z' });
  });

  it('a scheduled post opens scheduled, at its Brasília wall time, and saving it unmoved keeps its stored instant', () => {
    const post = buildPost({ published: true, date: '2026-11-25T11:00:30.000Z' });
    const values = postToFormValues(post, now.getTime());
    expect(values).toMatchObject({ publication: 'scheduled', scheduleDate: '2026-11-25', scheduleTime: '08:00' });
    expect(toUpdateRow(values, post, now)).not.toHaveProperty('date');
    expect(toUpdateRow({ ...values, scheduleTime: '09:30' }, post, now)).toMatchObject({ date: '2026-11-25T12:30:00.000Z' });
  });

  it('unscheduling makes a draft; publishing now a post dated ahead sends now; a published post keeps its date', () => {
    const post = buildPost({ published: true, date: '2026-11-25T11:00:00.000Z' });
    const values = postToFormValues(post, now.getTime());
    const draft = toUpdateRow({ ...values, publication: 'draft' }, post, now);
    expect(draft).toMatchObject({ published: false });
    expect(draft).not.toHaveProperty('date');
    expect(toUpdateRow({ ...values, publication: 'now' }, post, now)).toMatchObject({ published: true, date: now.toISOString() });
    expect(postToFormValues(stored, now.getTime()).publication).toBe('now');
    expect(toUpdateRow(postToFormValues(stored, now.getTime()), stored, now)).not.toHaveProperty('date');
  });
});
