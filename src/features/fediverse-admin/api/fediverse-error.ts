import { adminText } from '@/lib/i18n-admin';

const t = adminText.fediverse.errors;

/** What supabase-js answers with a refusal: the error, and the HTTP status (0 when no answer came). */
interface Refused {
  error: { message: string; code?: string };
  status: number;
}

function messageFor(status: number, code: string, message: string): string {
  if (status === 0) return t.network;
  if (status === 401 || status === 403 || code === '42501' || code.startsWith('PGRST30')) return t.rights;
  return t.server(message);
}

/** A call of the "Fediverso" tab the backend refused or never answered, in her words; status and code as they came. */
export class FediverseError extends Error {
  override name = 'FediverseError';
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(messageFor(status, code, detail));
  }
}

export const refusal = ({ error, status }: Refused) => new FediverseError(status, error.code ?? '', error.message);

/** Any failure in her words: ours already are; a fetch that threw is the network's; anything else says its message. */
export function describeFailure(error: unknown): string {
  if (error instanceof FediverseError) return error.message;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t.network;
  return t.server(error instanceof Error ? error.message : String(error));
}
