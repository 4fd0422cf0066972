/**
 * Storage's error answers (protocol §3.2): HTTP 400 for everything but
 * internal failures, the meaningful status in the body's `statusCode`, with
 * `error`, `code` and `message` as hosted Storage words them.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  get httpStatus(): number {
    return this.statusCode >= 500 ? 500 : 400;
  }

  toJSON() {
    return { statusCode: String(this.statusCode), error: this.error, code: this.code, message: this.message };
  }
}

export const objectNotFound = () => new StorageError(404, 'not_found', 'NoSuchKey', 'Object not found');
export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'NoSuchBucket', 'Bucket not found');
export const duplicate = () => new StorageError(409, 'Duplicate', 'ResourceAlreadyExists', 'The resource already exists');
export const rlsDenied = () => new StorageError(403, 'Unauthorized', 'AccessDenied', 'new row violates row-level security policy');
export const accessDenied = (message: string) => new StorageError(403, 'Unauthorized', 'AccessDenied', message);
export const invalidMimeType = (type: string) => new StorageError(415, 'invalid_mime_type', 'InvalidMimeType', `mime type ${type} is not supported`);
export const tooLarge = () => new StorageError(413, 'Payload too large', 'EntityTooLarge', 'The object exceeded the maximum allowed size');
export const invalidRequest = (message: string) => new StorageError(400, 'Invalid Input', 'InvalidRequest', message);
export const invalidKey = (key: string) => new StorageError(400, 'Invalid Input', 'InvalidKey', `Invalid key: ${key}`);
