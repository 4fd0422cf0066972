/**
 * How deep a parsed JSON value nests, measured without recursion. A body of
 * 20,000 nested arrays parses fine but overflows the stack of whatever walks
 * it next (JSON.stringify for the SQL parameter), so both APIs refuse bodies
 * deeper than any real row or metadata needs, with a 400 (issue 10).
 */
export const MAX_JSON_DEPTH = 64;

export function deeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
