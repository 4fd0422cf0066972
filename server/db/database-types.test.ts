/**
 * src/types/database.types.ts is what the migrations make (npm run
 * gen:types), and the generator maps columns, defaults and functions as
 * `supabase gen types typescript` does.
 */
import { readFileSync } from 'node:fs';
import { TYPES_FILE, typesFromMigrations } from '../../scripts/gen-types.ts';
import { generateDatabaseTypes } from './database-types.ts';
import { openPglite } from './pglite.ts';

describe('database types', () => {
  it('the checked-in src/types/database.types.ts matches supabase/migrations', async () => {
    const expected = await typesFromMigrations();
    expect(readFileSync(TYPES_FILE, 'utf8'), 'out of date: run npm run gen:types').toBe(expected);
  }, 60_000);

  it('maps nullable, defaulted, identity and generated columns, enums, arrays and functions', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec(`
        create type public.mood as enum ('calm', 'busy');
        create table public.notes (
          id bigint generated always as identity primary key,
          body text not null,
          tags text[],
          mood public.mood not null default 'calm',
          meta jsonb,
          length int generated always as (char_length(body)) stored
        );
        create function public.add(a int, b int default 1) returns int language sql as 'select a + b';
        create function public.touch() returns trigger language plpgsql as 'begin return new; end';
        create function public.calm_notes() returns setof public.notes language sql as 'select * from public.notes';
      `);
      const types = await generateDatabaseTypes(db);
      const block = (name: string) => types.slice(types.indexOf(`${name}: {`), types.indexOf('};', types.indexOf(`${name}: {`)));
      expect(block('Row')).toContain('body: string;');
      expect(block('Row')).toContain('tags: string[] | null;');
      expect(block('Row')).toContain("mood: Database['public']['Enums']['mood'];");
      expect(block('Row')).toContain('meta: Json | null;');
      expect(block('Insert')).toContain('body: string;');
      expect(block('Insert')).toContain('id?: number;');
      expect(block('Insert')).toContain("mood?: Database['public']['Enums']['mood'];");
      expect(block('Insert')).toContain('length?: never;');
      expect(block('Update')).toContain('body?: string;');
      expect(types).toContain("mood: 'calm' | 'busy';");
      expect(types).toMatch(/add: \{\s+Args: \{\s+a: number;\s+b\?: number;\s+\};\s+Returns: number;/);
      // A function returning a table's rows returns that table's Row type.
      expect(types).toMatch(/calm_notes: \{\s+Args: Record<PropertyKey, never>;\s+Returns: Database\['public'\]\['Tables'\]\['notes'\]\['Row'\]\[\];/);
      // Trigger functions are not callable through the API.
      expect(types).not.toContain('touch');
    } finally {
      await db.close();
    }
  });
});
