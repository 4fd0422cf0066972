/**
 * The backend's modules form no import circle (type imports included): the
 * parts depend on server/deps.ts for what they share, never on app.ts, which
 * wires them (issue 10).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER = path.dirname(new URL(import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const files = sources(SERVER);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)]
        .map((m) => path.resolve(path.dirname(file), m[1]!))
        .filter((target) => known.has(target));
      return [file, targets];
    }),
  );
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, stack: string[]) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, stack);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, []);
  return found;
}

it('has no import circle', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(50);
  const circles = cycles(graph).map((c) => c.map((f) => path.relative(SERVER, f)).join(' → '));
  expect(circles).toEqual([]);
});

it('finds a circle when there is one (the check itself works)', () => {
  expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
});
