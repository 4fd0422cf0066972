import { readOf, UnreadableFile, type ReadAnswer, type ReadFile } from './read-answer';

function inWorker(file: File, signal?: AbortSignal): Promise<ReadFile> {
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

/**
 * Reads an archive file in a Web Worker, so a large one does not freeze the
 * page (the readers and their libraries load there, not on the page); where
 * there is no Worker (tests under jsdom), on this thread. Throws
 * UnreadableFile with the reason in Portuguese.
 */
export async function readArchiveFile(file: File, signal?: AbortSignal): Promise<ReadFile> {
  if (typeof Worker === 'function') return inWorker(file, signal);
  const { answerFor } = await import('./read-plan');
  signal?.throwIfAborted();
  return readOf(await answerFor(file));
}
