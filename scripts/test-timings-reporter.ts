/**
 * A vitest reporter that writes what each test file cost, hooks included
 * (a file's beforeAll that starts a backend is most of its time), to the JSON
 * file named by TEST_TIMINGS_FILE. `npm test` (scripts/test-all.ts) reads it
 * to print the ten slowest files of the run. vitest's JSON report has no hook
 * time, so it cannot say this.
 *
 * It also names the files that started and never ended: when a worker
 * process dies (a crash, the kernel's OOM killer), vitest says only "Worker
 * exited unexpectedly", and its JSON report leaves that file out.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';

export interface FileTiming {
  file: string;
  /** Environment, setup files, import, tests and hooks, in seconds. */
  seconds: number;
}

/** A file that started and never ended, with how far it got. */
export interface UnfinishedFile {
  file: string;
  tests: number;
  ended: number;
  /** The last test that ended in it, if any. */
  lastEnded?: string;
}

export interface TimingsReport {
  files: FileTiming[];
  unfinished: UnfinishedFile[];
}

/** A test that is meant to run (not skipped, not a todo). */
const runs = (test: TestCase) => test.options.mode === 'run' || test.options.mode === 'only';

export default class TestTimingsReporter implements Reporter {
  private readonly timings: FileTiming[] = [];
  private readonly running = new Map<string, UnfinishedFile>();

  onTestModuleStart(module: TestModule): void {
    const file = relative(process.cwd(), module.moduleId);
    this.running.set(module.moduleId, { file, tests: [...module.children.allTests()].filter(runs).length, ended: 0 });
  }

  onTestCaseResult(test: TestCase): void {
    const entry = this.running.get(test.module.moduleId);
    if (!entry || !runs(test)) return;
    entry.ended++;
    entry.lastEnded = test.fullName;
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(module.moduleId);
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    this.timings.push({ file: relative(process.cwd(), module.moduleId), seconds: ms / 1000 });
  }

  onTestRunEnd(): void {
    const out = process.env.TEST_TIMINGS_FILE;
    const report: TimingsReport = { files: this.timings, unfinished: [...this.running.values()] };
    if (out) writeFileSync(out, JSON.stringify(report));
  }
}
