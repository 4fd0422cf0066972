/// <reference lib="webworker" />
/**
 * Reads an archive off the page's thread: parsing thousands of posts and
 * turning their HTML into Markdown takes seconds, and the admin screen stays
 * responsive meanwhile. One file per worker; the page ends it after the answer.
 */
import { answerFor } from './read-plan';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<File>) => {
  const answer = await answerFor(event.data);
  // The pictures' bytes move to the page instead of being copied.
  const transfer = answer.ok ? [...answer.read.entries.values()].map((bytes) => bytes.buffer as ArrayBuffer) : [];
  self.postMessage(answer, transfer);
};
