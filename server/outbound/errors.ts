/**
 * Why the outbound fetch refused or failed, worded in Portuguese for the
 * person who typed the address (the admin screen and the command line show
 * the message as is); `code` is for callers that act on the kind.
 */
export type PublicFetchErrorCode =
  | 'not_public' | 'not_web' | 'method' | 'not_found' | 'unreachable' | 'timeout' | 'too_large' | 'redirects' | 'type' | 'busy';

export class PublicFetchError extends Error {
  override name = 'PublicFetchError';
  readonly code: PublicFetchErrorCode;
  /** busy: when the host may be asked again (its Retry-After, or our own wait). */
  readonly retryAt: Date | undefined;
  /** busy: the status that asked for the wait (429/503); undefined when it was refused here, nothing sent. */
  readonly status: number | undefined;

  constructor(code: PublicFetchErrorCode, message: string, options: { cause?: unknown; retryAt?: Date; status?: number } = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.retryAt = options.retryAt;
    this.status = options.status;
  }
}

export function sizeText(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return Number.isInteger(megabytes) ? `${megabytes} MB` : `${bytes} bytes`;
}
