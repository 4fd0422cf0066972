import { adminText } from '@/lib/i18n-admin';

const t = adminText.newsletter.errors;

/** What supabase-js answers with a refusal: the error, and the HTTP status (0 when no answer came). */
interface Refused {
  error: { message: string; code?: string };
  status: number;
}

/** The database's own words for a refusal (error.message is the key), in hers. */
const KNOWN: Record<string, string> = {
  newsletter_test_limit: t.testLimit,
  newsletter_unknown_post: t.unknownPost,
  newsletter_no_address: t.noAddress,
};

function messageFor(status: number, code: string, message: string): string {
  const known = KNOWN[message];
  if (known) return known;
  if (status === 0) return t.network;
  if (status === 429) return t.tooMany;
  if (status === 401 || status === 403 || code === '42501' || code.startsWith('PGRST30')) return t.rights;
  return t.server(message);
}

/**
 * A newsletter call the backend refused or never answered, its message in
 * Portuguese (limits, rights, the network); status and code as they came.
 */
export class NewsletterError extends Error {
  override name = 'NewsletterError';
  constructor(
    readonly status: number,
    readonly code: string,
    readonly key: string,
  ) {
    super(messageFor(status, code, key));
  }
}

export const refusal = ({ error, status }: Refused) => new NewsletterError(status, error.code ?? '', error.message);

/** Any failure of these screens in her words: ours already are; a fetch that threw is the network's; anything else says its message. */
export function describeFailure(error: unknown): string {
  if (error instanceof NewsletterError) return error.message;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t.network;
  return t.server(error instanceof Error ? error.message : String(error));
}
