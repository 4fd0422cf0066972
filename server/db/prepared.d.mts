export function asText(value: unknown): string | null;
export function preparedName(sql: string): string;
export function pipelineStatements<S extends { sql: string; params?: unknown[] }>(
  statements: S[],
  readOnly: boolean | undefined,
  prepared: Set<string>,
): (S & { name: string; prepared: boolean })[];
export function callersResults<T>(results: T[], readOnly: boolean | undefined): T[];
