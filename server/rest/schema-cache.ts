/**
 * What the `public` schema holds — tables, views, their columns, primary keys
 * and the functions — read from pg_catalog. Every identifier that comes from a
 * URL is checked against this before it is (quoted and) put into SQL, as
 * PostgREST checks against its schema cache. Cached per process; refreshed
 * on demand (after migrations) and, at most once a second, when a request
 * names something unknown (a table created since the last load).
 */
import type { Queryable } from '../db/database.ts';

export const EXPOSED_SCHEMA = 'public';

export interface ColumnInfo {
  name: string;
  /** format_type() text, safe to paste as a cast (it comes from the catalog). */
  type: string;
  hasDefault: boolean;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** 'void', 'composite' (a row type: table or OUT columns), or 'scalar'. */
  returns: 'void' | 'composite' | 'scalar';
  volatile: boolean;
}

interface Snapshot {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
  roles: Map<string, RoleSettings>;
}

const COLUMNS_SQL = `
select c.relname as table, a.attname as column, pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
       (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
       coalesce(a.attnum = any(pk.conkey), false) as in_pk, a.attnum as pos
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_catalog.pg_constraint pk on pk.conrelid = c.oid and pk.contype = 'p'
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by c.relname, a.attnum`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as returns_set, p.provolatile = 'v' as volatile,
       pg_catalog.format_type(p.prorettype, null) as return_type,
       (t.typtype = 'c' or t.oid = 'record'::regtype) as returns_composite,
       coalesce(p.proargnames, '{}') as arg_names,
       coalesce(p.proargmodes::text[], '{}') as arg_modes,
       (select coalesce(array_agg(pg_catalog.format_type(x, null) order by i), '{}')
          from unnest(p.proargtypes::oid[]) with ordinality as u(x, i)) as in_types,
       p.pronargdefaults as n_defaults
from pg_catalog.pg_proc p
join pg_catalog.pg_namespace n on n.oid = p.pronamespace
join pg_catalog.pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'
  -- Trigger functions cannot be called; PostgREST leaves them out of the schema cache.
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`;

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  has_default: boolean;
  in_pk: boolean;
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatile: boolean;
  return_type: string;
  returns_composite: boolean;
  arg_names: string[];
  arg_modes: string[];
  in_types: string[];
  n_defaults: number;
}

function toFunction(r: FunctionRow): FunctionInfo {
  // proargnames covers all arguments (IN and OUT); keep the input ones, which
  // line up with proargtypes.
  const inputNames = r.arg_modes.length
    ? r.arg_names.filter((_, i) => ['i', 'b', 'v'].includes(r.arg_modes[i] ?? 'i'))
    : r.arg_names;
  const args = r.in_types.map((type, i) => ({
    name: inputNames[i] ?? '',
    type,
    hasDefault: i >= r.in_types.length - r.n_defaults,
  }));
  return {
    name: r.name,
    args,
    returnsSet: r.returns_set,
    returns: r.return_type === 'void' ? 'void' : r.returns_composite ? 'composite' : 'scalar',
    volatile: r.volatile,
  };
}

/**
 * The settings a role carries (`alter role … set`), database-specific ones
 * over global ones, as PostgREST reads them to apply to each request it runs
 * as that role. Only statement_timeout matters to this API.
 */
const ROLE_SETTINGS_SQL = `
  select r.rolname as role, s.setdatabase <> 0 as this_database, cfg
    from pg_catalog.pg_db_role_setting s
    join pg_catalog.pg_roles r on r.oid = s.setrole
    cross join lateral unnest(s.setconfig) as cfg
   where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
   order by this_database`;

export interface RoleSettings {
  /** As PostgreSQL writes it (`3s`, `8000`), for set_config. */
  statementTimeout?: string;
}

export class SchemaCache {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  private lastMissReload = 0;

  constructor(private readonly db: Queryable) {}

  /** Reloads now (after migrations, or when told the schema changed). */
  async reload(): Promise<void> {
    this.snapshot = undefined;
    await this.load();
  }

  private load(): Promise<Snapshot> {
    if (this.snapshot) return Promise.resolve(this.snapshot);
    this.loading ??= this.read().then(
      (s) => {
        this.snapshot = s;
        this.loading = undefined;
        return s;
      },
      (e: unknown) => {
        this.loading = undefined;
        throw e;
      },
    );
    return this.loading;
  }

  private async read(): Promise<Snapshot> {
    const tables = new Map<string, TableInfo>();
    const cols = await this.db.query<ColumnRow>(COLUMNS_SQL, [EXPOSED_SCHEMA]);
    for (const r of cols.rows) {
      let t = tables.get(r.table);
      if (!t) tables.set(r.table, (t = { name: r.table, columns: new Map(), primaryKey: [] }));
      t.columns.set(r.column, { name: r.column, type: r.type, hasDefault: r.has_default });
      if (r.in_pk) t.primaryKey.push(r.column);
    }
    const functions = new Map<string, FunctionInfo[]>();
    const fns = await this.db.query<FunctionRow>(FUNCTIONS_SQL, [EXPOSED_SCHEMA]);
    for (const r of fns.rows) {
      const list = functions.get(r.name) ?? [];
      list.push(toFunction(r));
      functions.set(r.name, list);
    }
    const roles = new Map<string, RoleSettings>();
    const settings = await this.db.query<{ role: string; cfg: string }>(ROLE_SETTINGS_SQL);
    for (const { role, cfg } of settings.rows) {
      const [name, value] = [cfg.slice(0, cfg.indexOf('=')), cfg.slice(cfg.indexOf('=') + 1)];
      if (name === 'statement_timeout') roles.set(role, { ...roles.get(role), statementTimeout: value });
    }
    return { tables, functions, roles };
  }

  /** A miss may mean the schema changed since the last load: reload, but not more than once a second. */
  private async reloadOnMiss(): Promise<Snapshot> {
    const now = Date.now();
    if (now - this.lastMissReload > 1000) {
      this.lastMissReload = now;
      this.snapshot = undefined;
    }
    return this.load();
  }

  async table(name: string): Promise<TableInfo | undefined> {
    const hit = (await this.load()).tables.get(name);
    return hit ?? (await this.reloadOnMiss()).tables.get(name);
  }

  /** Ensures the column list is fresh before reporting an unknown column. */
  async tableFresh(name: string): Promise<TableInfo | undefined> {
    return (await this.reloadOnMiss()).tables.get(name);
  }

  async tableNames(): Promise<string[]> {
    return [...(await this.load()).tables.keys()];
  }

  async roleSettings(role: string): Promise<RoleSettings> {
    return (await this.load()).roles.get(role) ?? {};
  }

  async functions(name: string): Promise<FunctionInfo[]> {
    const hit = (await this.load()).functions.get(name);
    return hit ?? (await this.reloadOnMiss()).functions.get(name) ?? [];
  }
}
