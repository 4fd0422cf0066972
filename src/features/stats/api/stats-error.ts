import { adminText } from '@/lib/i18n-admin';

const t = adminText.stats.errors;

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

/** A statistics read the backend refused or never answered, its message in Portuguese. */
export class StatsError extends Error {
  override name = 'StatsError';
  constructor(
    readonly status: number,
    readonly code: string,
    key: string,
  ) {
    super(messageFor(status, code, key));
  }
}

export const refusal = ({ error, status }: Refused) => new StatsError(status, error.code ?? '', error.message);

/** Any failure of the tab in her words: ours already are; a fetch that threw is the network's. */
export function describeFailure(error: unknown): string {
  if (error instanceof StatsError) return error.message;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t.network;
  return t.server(error instanceof Error ? error.message : String(error));
}
