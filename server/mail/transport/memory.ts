/** Mail kept in memory, for a server without a data directory (in-process tests). */
import type { MailTransport } from './types.ts';

export function createMemoryTransport(): MailTransport & { readonly sent: Buffer[] } {
  const sent: Buffer[] = [];
  let busy = false;
  return {
    description: 'memory (no data directory)',
    sent,
    async prepare(_envelope, message) {
      if (busy) throw new Error('One mail at a time: finish or abort the prepared mail first');
      busy = true;
      let ended = false;
      return {
        async finish() {
          if (ended) throw new Error('This mail was already finished or aborted');
          ended = true;
          busy = false;
          sent.push(message);
        },
        async abort() {
          if (ended) return;
          ended = true;
          busy = false;
        },
      };
    },
    async close() {},
  };
}
