import { readOf, UnreadableFile, type ReadAnswer, type ReadFile } from './read-answer';

/**
 * Reads an archive file in a Web Worker, so a large one does not freeze the
 * page, and the readers and their libraries load there, never on the page.
 * Throws UnreadableFile with the reason in Portuguese.
 */
export function readArchiveFile(file: File, signal?: AbortSignal): Promise<ReadFile> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort);
    worker.onmessage = (event: MessageEvent<ReadAnswer>) => {
      end();
      try {
        resolve(readOf(event.data));
      } catch (error) {
        reject(error);
      }
    };
    worker.onerror = (event) => {
      end();
      reject(new UnreadableFile(event.message || 'the reading worker failed', null));
    };
    worker.postMessage(file);
  });
}
