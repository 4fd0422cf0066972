/**
 * A vitest reporter that writes what each test file cost, hooks included
 * (a file's beforeAll that starts a backend is most of its time), to the JSON
 * file named by TEST_TIMINGS_FILE. `npm test` (scripts/test-all.ts) reads it
 * to print the ten slowest files of the run. vitest's JSON report has no hook
 * time, so it cannot say this.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  /** Environment, setup files, import, tests and hooks, in seconds. */
  seconds: number;
}

export default class TestTimingsReporter implements Reporter {
  private readonly timings: FileTiming[] = [];

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.timings.push({ file: relative(process.cwd(), module.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    const out = process.env.TEST_TIMINGS_FILE;
    if (out) writeFileSync(out, JSON.stringify(this.timings));
  }
}
