export function asText(value: unknown): string | null;
export function preparedName(sql: string): string;
