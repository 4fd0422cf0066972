/**
 * The TypeScript types of the public schema, in the shape `supabase gen types
 * typescript` prints (Tables with Row / Insert / Update, Views, Functions,
 * Enums), read from a database the migrations were applied to. The Supabase
 * CLI needs Docker or a linked project; this needs neither, so
 * `npm run gen:types` regenerates src/types/database.types.ts on any machine,
 * and a test fails when the checked-in file and the migrations disagree.
 */
import type { Database } from './database.ts';

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
}

interface FunctionRow {
  name: string;
  arg_names: string[] | null;
  arg_types: string[];
  arg_defaults: number;
  return_type: string;
  returns_set: boolean;
  arg_modes: string[];
  all_arg_types: string[];
}

const HEADER = `// Generated from supabase/migrations by \`npm run gen:types\` (server/db/database-types.ts),
// in the shape of \`supabase gen types typescript\`. Do not edit: change a migration and regenerate.
`;

const STRING_TYPES = new Set(['text', 'varchar', 'bpchar', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz', 'interval', 'bytea', 'inet', 'cidr', 'citext', 'name']);
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function tsType(udt: string, enums: ReadonlySet<string>): string {
  if (udt.startsWith('_')) return `${tsType(udt.slice(1), enums)}[]`;
  if (udt === 'bool') return 'boolean';
  if (NUMBER_TYPES.has(udt)) return 'number';
  if (udt === 'json' || udt === 'jsonb') return 'Json';
  if (enums.has(udt)) return `Database['public']['Enums']['${udt}']`;
  if (STRING_TYPES.has(udt)) return 'string';
  return 'unknown';
}

const indent = (depth: number) => '  '.repeat(depth);

function objectType(fields: [string, string][], depth: number): string {
  if (fields.length === 0) return '{ [_ in never]: never }';
  const lines = fields.map(([key, type]) => `${indent(depth + 1)}${key}: ${type};`);
  return `{\n${lines.join('\n')}\n${indent(depth)}}`;
}

export async function generateDatabaseTypes(db: Pick<Database, 'query'>): Promise<string> {
  const enumRows = (
    await db.query<{ name: string; label: string }>(
      `select t.typname as name, e.enumlabel as label
         from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public'
        order by t.typname, e.enumsortorder`,
    )
  ).rows;
  const enums = new Map<string, string[]>();
  for (const { name, label } of enumRows) enums.set(name, [...(enums.get(name) ?? []), label]);
  const enumNames = new Set(enums.keys());

  const columns = (
    await db.query<ColumnRow>(
      `select c.table_name, c.column_name, c.udt_name, c.is_nullable, c.column_default, c.is_identity, c.is_generated
         from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        order by c.table_name, c.column_name`,
    )
  ).rows;
  const tables = new Map<string, ColumnRow[]>();
  for (const column of columns) tables.set(column.table_name, [...(tables.get(column.table_name) ?? []), column]);

  const functions = (
    await db.query<FunctionRow>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
              p.pronargdefaults as arg_defaults,
              format_type(p.prorettype, null) as return_type, p.proretset as returns_set,
              coalesce(p.proargmodes::text[], '{}') as arg_modes,
              array(select format_type(t, null) from unnest(p.proallargtypes) as t) as all_arg_types
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
        order by p.proname`,
    )
  ).rows;

  const tableTypes = [...tables].map(([name, cols]) => {
    const field = (c: ColumnRow) => `${tsType(c.udt_name, enumNames)}${c.is_nullable === 'YES' ? ' | null' : ''}`;
    const optionalOnInsert = (c: ColumnRow) =>
      c.is_nullable === 'YES' || c.column_default !== null || c.is_identity === 'YES' || c.is_generated === 'ALWAYS';
    const row = cols.map((c): [string, string] => [c.column_name, field(c)]);
    const insert = cols.map((c): [string, string] => [
      `${c.column_name}${optionalOnInsert(c) ? '?' : ''}`,
      c.is_generated === 'ALWAYS' ? 'never' : field(c),
    ]);
    const update = cols.map((c): [string, string] => [`${c.column_name}?`, c.is_generated === 'ALWAYS' ? 'never' : field(c)]);
    return `${indent(3)}${name}: {
${indent(4)}Row: ${objectType(row, 4)};
${indent(4)}Insert: ${objectType(insert, 4)};
${indent(4)}Update: ${objectType(update, 4)};
${indent(4)}Relationships: [];
${indent(3)}};`;
  });

  const pgToTs = (formatted: string) => {
    const array = formatted.endsWith('[]');
    const base = array ? formatted.slice(0, -2) : formatted;
    const udt =
      {
        boolean: 'bool',
        integer: 'int4',
        bigint: 'int8',
        smallint: 'int2',
        'double precision': 'float8',
        real: 'float4',
        'timestamp with time zone': 'timestamptz',
        'timestamp without time zone': 'timestamp',
        'character varying': 'varchar',
      }[base] ?? base.replace(/^public\./, '');
    return `${tsType(udt, enumNames)}${array ? '[]' : ''}`;
  };
  const functionTypes = functions.map((f) => {
    // With OUT or TABLE columns, proargnames lists every argument (proargmodes says which are which).
    const modes = f.arg_modes.length > 0 ? f.arg_modes : f.arg_types.map(() => 'i');
    const allNames = f.arg_names ?? [];
    const names = allNames.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'));
    const optionalFrom = f.arg_types.length - f.arg_defaults;
    const args = f.arg_types.map((type, i): [string, string] => [`${names[i] ?? `arg${i}`}${i >= optionalFrom ? '?' : ''}`, pgToTs(type)]);
    const columns = modes.flatMap((mode, i): [string, string][] =>
      mode === 't' || mode === 'o' ? [[allNames[i] ?? `column${i}`, pgToTs(f.all_arg_types[i] ?? 'unknown')]] : [],
    );
    // `setof public.blog_posts`: the table's row, as supabase gen types writes it.
    const table = f.return_type.replace(/^public\./, '');
    const returns =
      columns.length > 0 ? objectType(columns, 4) : tables.has(table) ? `Database['public']['Tables']['${table}']['Row']` : pgToTs(f.return_type);
    return `${indent(3)}${f.name}: {
${indent(4)}Args: ${args.length === 0 ? 'Record<PropertyKey, never>' : objectType(args, 4)};
${indent(4)}Returns: ${f.returns_set ? `${returns}[]` : returns};
${indent(3)}};`;
  });

  const enumTypes = [...enums].map(([name, labels]) => `${indent(3)}${name}: ${labels.map((l) => `'${l.replace(/'/g, "\\'")}'`).join(' | ')};`);
  const block = (entries: string[]) => (entries.length === 0 ? '{ [_ in never]: never }' : `{\n${entries.join('\n')}\n${indent(2)}}`);

  return `${HEADER}export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: ${block(tableTypes)};
    Views: { [_ in never]: never };
    Functions: ${block(functionTypes)};
    Enums: ${block(enumTypes)};
    CompositeTypes: { [_ in never]: never };
  };
};

type PublicSchema = Database['public'];
export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
`;
}
