export type Settings = ReadonlyArray<readonly [string, string]>;
export interface BatchShape {
  readOnly?: boolean;
  settings?: Settings;
}
export function asText(value: unknown): string | null;
export function preparedName(sql: string): string;
export function settingsStatement(settings: Settings): { sql: string; params: string[] };
export function pipelineStatements(
  statements: { sql: string; params?: unknown[] }[],
  options: BatchShape,
  prepared: Set<string>,
): { sql: string; params: unknown[] | undefined; name: string; prepared: boolean }[];
export function callersResults<T>(results: T[], options: BatchShape): T[];
