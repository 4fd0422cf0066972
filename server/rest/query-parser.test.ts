import { parseLogicTree, parseOrder, parseQuery, parseSelect, readField, splitTopLevel } from './query-parser.ts';
import { RestError } from './rest-error.ts';

const q = (s: string) => parseQuery(new URLSearchParams(s));
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof RestError ? e.code : String(e);
  }
  return undefined;
};

describe('splitTopLevel', () => {
  it('splits outside parentheses and quotes', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",g')).toEqual(['a', 'b(c,d)', '"e,f"', 'g']);
    expect(splitTopLevel('"a\\",b",c')).toEqual(['"a\\",b"', 'c']);
  });
});

describe('fields', () => {
  it('reads columns, quoted names and JSON paths', () => {
    expect(readField('title').field).toEqual({ column: 'title', path: [] });
    expect(readField('"my col"').field).toEqual({ column: 'my col', path: [] });
    expect(readField('data->a->>0').field).toEqual({ column: 'data', path: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: '0' }] });
    expect(readField('a.eq.1')).toEqual({ field: { column: 'a', path: [] }, end: 1 });
  });
});

describe('select', () => {
  it('defaults to *', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it('parses columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,name:title,rating::text,meta->>lang,*')).toEqual([
      { kind: 'field', field: { column: 'id', path: [] } },
      { kind: 'field', field: { column: 'title', path: [] }, alias: 'name' },
      { kind: 'field', field: { column: 'rating', path: [] }, cast: 'text' },
      { kind: 'field', field: { column: 'meta', path: [{ arrow: '->>', key: 'lang' }] } },
      { kind: 'star' },
    ]);
  });

  it('refuses casts that are not one type name', () => {
    expect(codeOf(() => parseSelect('id::text or true'))).toBe('PGRST100');
    expect(codeOf(() => parseSelect('id::text;drop'))).toBe('PGRST100');
  });

  it('refuses embedding and aggregates with PostgREST codes', () => {
    expect(codeOf(() => parseSelect('id,author:profiles(name)'))).toBe('PGRST200');
    expect(codeOf(() => parseSelect('count()'))).toBe('PGRST123');
  });
});

describe('filters', () => {
  it('parses operators, not. and values', () => {
    expect(q('a=eq.1').filters).toEqual([{ kind: 'condition', field: { column: 'a', path: [] }, negate: false, op: 'eq', value: '1' }]);
    expect(q('a=not.like.*x*').filters[0]).toMatchObject({ negate: true, op: 'like', value: '*x*' });
    expect(q('a=eq.x.y').filters[0]).toMatchObject({ value: 'x.y' });
    expect(q('a=fts(english).cat').filters[0]).toMatchObject({ op: 'fts', language: 'english', value: 'cat' });
  });

  it('parses in-lists with quoted values', () => {
    expect(q('a=in.(1,"b,c","d\\"e")').filters[0]).toMatchObject({ op: 'in', value: ['1', 'b,c', 'd"e'] });
    expect(q('a=in.()').filters[0]).toMatchObject({ value: [] });
  });

  it('parses is. keywords case-insensitively', () => {
    expect(q('a=is.NULL').filters[0]).toMatchObject({ op: 'is', value: 'null' });
    expect(codeOf(() => q('a=is.maybe'))).toBe('PGRST100');
  });

  it('refuses unknown operators and missing dots', () => {
    expect(codeOf(() => q('a=eqq.1'))).toBe('PGRST100');
    expect(codeOf(() => q('a=1'))).toBe('PGRST100');
    expect(codeOf(() => q('a=in.1,2'))).toBe('PGRST100');
  });

  it('refuses filters on embedded resources (PGRST108)', () => {
    expect(codeOf(() => q('author.name=eq.x'))).toBe('PGRST108');
  });
});

describe('logic trees', () => {
  it('parses nested or/and with not', () => {
    expect(parseLogicTree('or', false, '(a.eq.1,and(b.gt.2,c.not.lt.3),not.or(d.is.null,e.eq."x,y"))')).toEqual({
      kind: 'logic', op: 'or', negate: false, children: [
        { kind: 'condition', field: { column: 'a', path: [] }, negate: false, op: 'eq', value: '1' },
        { kind: 'logic', op: 'and', negate: false, children: [
          { kind: 'condition', field: { column: 'b', path: [] }, negate: false, op: 'gt', value: '2' },
          { kind: 'condition', field: { column: 'c', path: [] }, negate: true, op: 'lt', value: '3' },
        ] },
        { kind: 'logic', op: 'or', negate: true, children: [
          { kind: 'condition', field: { column: 'd', path: [] }, negate: false, op: 'is', value: 'null' },
          { kind: 'condition', field: { column: 'e', path: [] }, negate: false, op: 'eq', value: 'x,y' },
        ] },
      ],
    });
  });

  it('reads not.or= and and= parameters', () => {
    expect(q('not.or=(a.eq.1,b.eq.2)').filters[0]).toMatchObject({ kind: 'logic', op: 'or', negate: true });
    expect(q('and=(a.eq.1,b.eq.2)').filters[0]).toMatchObject({ kind: 'logic', op: 'and', negate: false });
  });

  it('refuses a tree without parentheses', () => {
    expect(codeOf(() => q('or=a.eq.1'))).toBe('PGRST100');
  });
});

describe('order, limit, offset, columns', () => {
  it('parses several terms with directions and nulls', () => {
    expect(parseOrder('a.desc.nullslast,b,c.nullsfirst')).toEqual([
      { field: { column: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { field: { column: 'b', path: [] } },
      { field: { column: 'c', path: [] }, nulls: 'first' },
    ]);
    expect(codeOf(() => parseOrder('a.sideways'))).toBe('PGRST100');
  });

  it('parses limit, offset, columns and on_conflict', () => {
    expect(q('limit=10&offset=20&columns="a","b"&on_conflict=slug')).toMatchObject({ limit: 10, offset: 20, columns: ['a', 'b'], onConflict: ['slug'] });
    expect(codeOf(() => q('limit=ten'))).toBe('PGRST100');
    expect(codeOf(() => q('offset=-1'))).toBe('PGRST100');
    expect(codeOf(() => q('offset=1000000000000000000000'))).toBe('PGRST100');
  });

  it('ANDs repeated filters', () => {
    expect(q('n=gt.1&n=lt.9').filters).toHaveLength(2);
  });
});
