import type { PGlite } from '@electric-sql/pglite';

export function runPipeline(
  pg: PGlite,
  statements: { sql: string; params?: unknown[] }[],
  options?: { readOnly?: boolean },
): Promise<{ rows: Record<string, unknown>[]; affectedRows: number }[]>;

/** Shapes of statement kept prepared at once; past it, all are deallocated. */
export const MAX_PREPARED: number;
