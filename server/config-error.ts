/** A setting that is missing or wrong: its message says what to set. Its own module so that code run outside Node (the fediverse Edge Function) can throw it without loading config.ts. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
