import type { PGlite } from '@electric-sql/pglite';

export function runPipeline(
  pg: PGlite,
  statements: { sql: string; params?: unknown[] }[],
  options?: { readOnly?: boolean },
): Promise<{ rows: Record<string, unknown>[]; affectedRows: number }[]>;
