/**
 * How an admin tab says a failed call in her words (stats, "Fediverso"):
 * each tab gives its own texts, the rules are one.
 */
export interface TabErrorTexts {
  network: string;
  rights: string;
  server: (message: string) => string;
}

/** What supabase-js answers with a refusal: the error, and the HTTP status (0 when no answer came). */
interface Refused {
  error: { message: string; code?: string };
  status: number;
}

export function tabErrors(t: TabErrorTexts, name: string) {
  const messageFor = (status: number, code: string, message: string): string => {
    if (status === 0) return t.network;
    if (status === 401 || status === 403 || code === '42501' || code.startsWith('PGRST30')) return t.rights;
    return t.server(message);
  };

  /** A call of the tab the backend refused or never answered, in her words; status and code as they came. */
  class TabError extends Error {
    override name = name;
    constructor(
      readonly status: number,
      readonly code: string,
      detail: string,
    ) {
      super(messageFor(status, code, detail));
    }
  }

  return {
    TabError,
    refusal: ({ error, status }: Refused) => new TabError(status, error.code ?? '', error.message),
    /** Any failure in her words: ours already are; a fetch that threw is the network's; anything else says its message. */
    describeFailure(error: unknown): string {
      if (error instanceof TabError) return error.message;
      if (error instanceof TypeError && /fetch|network/i.test(error.message)) return t.network;
      return t.server(error instanceof Error ? error.message : String(error));
    },
  };
}
