import { buildPost } from '@/testing/fixtures/posts';
import { emptyPostForm, postToFormValues, toInsertRow, toUpdateRow, translationFormValues } from './post-form-values';

describe('post form values', () => {
  it('defaults to English, 5 min, unpublished, no category', () => {
    expect(emptyPostForm).toMatchObject({ language: 'en', read_time: '5 min', published: false, category: '' });
  });

  it('sets the date on insert only', () => {
    const now = new Date('2026-11-21T02:00:00.000Z');
    expect(toInsertRow({ ...emptyPostForm, title: ' T ' }, now)).toMatchObject({ title: 'T', date: now.toISOString() });
    expect(toUpdateRow({ ...emptyPostForm, title: 'T' })).not.toHaveProperty('date');
  });

  it('turns an empty category and image into null, and an empty read time into the default', () => {
    expect(toUpdateRow({ ...emptyPostForm, title: 'T', read_time: ' ' })).toMatchObject({ category: null, image_url: null, read_time: '5 min' });
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
      published: false,
    });
  });

  it('a translation of a post without category or picture has none either', () => {
    expect(translationFormValues(buildPost({ language: 'en', category: null, image_url: null }))).toMatchObject({ language: 'pt', category: '', image_url: '' });
  });
});
