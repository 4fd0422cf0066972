import { adminText } from '@/lib/i18n-admin';

const t = adminText.clips.errors;

/** What supabase-js answers with a refusal: the error, and the HTTP status (0 when no answer came). */
interface Refused {
  error: { message: string; code?: string; details?: string | null };
  status: number;
}

function messageFor({ error, status }: Refused): string {
  const code = error.code ?? '';
  const text = `${error.message} ${error.details ?? ''}`;
  if (code === '23505' && /url/i.test(text)) return t.duplicateUrl;
  if (status === 0) return t.network;
  if (status === 401 || status === 403 || code === '42501' || code.startsWith('PGRST30')) return t.rights;
  return t.server(error.message);
}

/** A call of the "Publicações" tab the backend refused or never answered, in her words; code as it came. */
export class ClipError extends Error {
  override name = 'ClipError';
  readonly code: string;
  readonly detail: string;
  constructor(refused: Refused) {
    super(messageFor(refused));
    this.code = refused.error.code ?? '';
    this.detail = `${refused.error.message} ${refused.error.details ?? ''}`;
  }
}

export const refusal = (refused: Refused) => new ClipError(refused);

/** Any failure of this tab in her words: ours already are; a fetch that threw is the network's. */
export function describeFailure(error: unknown): string {
  if (error instanceof Error && (error.name === 'ClipError' || error.name === 'JobFailed')) return error.message;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t.network;
  return t.server(error instanceof Error ? error.message : String(error));
}
