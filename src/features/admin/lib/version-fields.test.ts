import { otherFieldDifferences } from './version-fields';

const version = {
  title: 'Crise na TV',
  excerpt: null,
  category: 'Comunicação de Crise',
  read_time: '5 min',
  image_url: null,
  image_alt: null,
  slug: 'crise-na-tv',
  published: false,
  date: '2026-11-20T11:00:00+00:00',
};
const now = Date.parse('2026-11-24T12:00:00Z');

describe('otherFieldDifferences', () => {
  it('names nothing when only the text changed', () => {
    expect(otherFieldDifferences(version, { ...version, date: '2026-11-20T11:00:00Z' }, now)).toEqual([]);
  });

  it('names each field that differs, empty values said as such, and the publication in words', () => {
    const current = {
      ...version,
      title: 'Crise ao vivo',
      excerpt: 'Resumo novo',
      image_url: 'https://images.example.com/a.jpg',
      slug: 'crise-ao-vivo',
      published: true,
      date: '2026-11-21T13:30:00+00:00',
    };
    expect(otherFieldDifferences(version, current, now)).toEqual([
      { field: 'title', before: 'Crise na TV', after: 'Crise ao vivo' },
      { field: 'excerpt', before: '(vazio)', after: 'Resumo novo' },
      { field: 'image_url', before: '(vazio)', after: 'https://images.example.com/a.jpg' },
      { field: 'slug', before: 'crise-na-tv', after: 'crise-ao-vivo' },
      { field: 'publication', before: 'rascunho', after: 'publicado, data 21 de novembro de 2026, 10:30' },
    ]);
    expect(otherFieldDifferences(current, { ...current, date: '2026-12-01T11:00:00Z' }, now)).toEqual([
      { field: 'publication', before: 'publicado, data 21 de novembro de 2026, 10:30', after: 'agendado para 1 de dezembro de 2026, 08:00' },
    ]);
  });
});
