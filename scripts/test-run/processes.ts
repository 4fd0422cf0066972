/**
 * Child processes of `npm test`: run to the end, their output either passed
 * through as it comes (one process at a time) or kept and printed whole when
 * the process ends (processes run side by side, so their lines never mix).
 */
import { spawn } from 'node:child_process';

export interface Ran {
  ok: boolean;
  status: number | null;
  seconds: number;
  /** The output's last `keepTail` characters, when asked for. */
  tail?: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Keep the output and print it in one piece at the end, under this title. */
  heldUnder?: string;
  /** Pass the output through and also keep its last this many characters. */
  keepTail?: number;
}

export function run(cmd: string, args: string[], options: RunOptions): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve) => {
    const held = options.heldUnder !== undefined;
    const keep = options.keepTail ?? 0;
    const child = spawn(cmd, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: held || keep > 0 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const chunks: Buffer[] = [];
    let tail = '';
    const through = (to: NodeJS.WriteStream) => (d: Buffer) => {
      if (held) return chunks.push(d);
      to.write(d);
      tail = (tail + d.toString('utf8')).slice(-keep);
    };
    child.stdout?.on('data', through(process.stdout));
    child.stderr?.on('data', through(process.stderr));
    const finish = (status: number | null, error?: Error) => {
      if (held) {
        console.log(`\n${'='.repeat(8)} ${options.heldUnder} ${'='.repeat(Math.max(4, 60 - options.heldUnder!.length))}`);
        process.stdout.write(Buffer.concat(chunks));
      }
      if (error) console.error(`Could not run ${cmd}: ${error.message}`);
      resolve({ ok: status === 0, status, seconds: (Date.now() - started) / 1000, ...(keep > 0 ? { tail } : {}) });
    };
    child.once('error', (e) => finish(null, e));
    child.once('close', (status) => finish(status));
  });
}

/** Runs the tasks, at most `limit` at a time, and gives their results in the tasks' order. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}
