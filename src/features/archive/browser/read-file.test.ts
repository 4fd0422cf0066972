import type { ReadAnswer } from './read-answer';
import { UnreadableFile } from './read-answer';
import { readArchiveFile } from './read-file';

/** A stand-in for the browser's Worker: records what it was given and answers as the test says. */
class FakeWorker {
  static made: FakeWorker[] = [];
  static answer: ((file: File) => ReadAnswer) | null = null;
  onmessage: ((event: MessageEvent<ReadAnswer>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(file: File) {
    this.posted.push(file);
    const answer = FakeWorker.answer;
    if (answer) queueMicrotask(() => this.onmessage?.({ data: answer(file) } as MessageEvent<ReadAnswer>));
  }
  terminate() {
    this.terminated = true;
  }
}

beforeEach(() => {
  FakeWorker.made = [];
  FakeWorker.answer = null;
  vi.stubGlobal('Worker', FakeWorker);
});
afterEach(() => vi.unstubAllGlobals());

const file = new File(['<rss/>'], 'blog.xml');

describe('reading a file in a worker', () => {
  it('hands the File to a module worker and resolves with what it read; the worker is ended', async () => {
    const plan = { source: 'wordpress' as const, fileName: 'blog.xml', posts: [], skipped: [], warnings: [], images: [] };
    FakeWorker.answer = () => ({ ok: true, read: { plan, entries: new Map() } });
    const read = await readArchiveFile(file);
    expect(read.plan).toEqual(plan);
    const [worker] = FakeWorker.made;
    expect(worker!.url.pathname).toMatch(/read-worker\.ts$/);
    expect(worker!.options).toEqual({ type: 'module' });
    expect(worker!.posted).toEqual([file]);
    expect(worker!.terminated).toBe(true);
  });

  it('rejects with the worker’s reason in Portuguese as UnreadableFile', async () => {
    FakeWorker.answer = () => ({ ok: false, code: 'malformed_xml', message: 'O XML está malformado.' });
    const error = await readArchiveFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableFile);
    expect(error).toMatchObject({ message: 'O XML está malformado.', code: 'malformed_xml' });
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });

  it('a worker that fails to run rejects as unexpected', async () => {
    const reading = readArchiveFile(file);
    FakeWorker.made[0]!.onerror?.({ message: 'SyntaxError: bad chunk' } as ErrorEvent);
    await expect(reading).rejects.toMatchObject({ name: 'UnreadableFile', code: null, message: 'SyntaxError: bad chunk' });
  });

  it('choosing another file ends the reading of the first', async () => {
    const controller = new AbortController();
    const reading = readArchiveFile(file, controller.signal);
    controller.abort(new DOMException('another file', 'AbortError'));
    await expect(reading).rejects.toThrow('another file');
    expect(FakeWorker.made[0]!.terminated).toBe(true);
  });
});
