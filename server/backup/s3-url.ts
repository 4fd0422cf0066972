/**
 * BACKUP_S3_URL, one line for any S3-compatible storage (AWS S3, Cloudflare
 * R2, Backblaze B2, MinIO):
 *
 *   s3://ACCESS_KEY_ID:SECRET@HOST[:PORT]/BUCKET[/PREFIX]?region=REGION[&forcePathStyle=true][&tls=false]
 *
 * The key and secret percent-encoded (a secret's `/` is `%2F`, `+` is `%2B`);
 * HTTPS unless `tls=false` (a MinIO on this machine, the tests); `region`
 * defaults to us-east-1 (R2 wants `auto`); `forcePathStyle=true` for
 * servers that do not answer on bucket.host names (MinIO, most self-hosted).
 */
import { ConfigError } from '../config.ts';

export interface S3Target {
  endpoint: string;
  region: string;
  bucket: string;
  /** Ends with `/` when not empty. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** For messages and the admin: the URL without its secret. */
  description: string;
}

const FORMAT = 's3://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=…';

export function parseS3Url(raw: string): S3Target {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`BACKUP_S3_URL is not a URL. Use ${FORMAT}, or unset it.`);
  }
  if (url.protocol !== 's3:') throw new ConfigError(`BACKUP_S3_URL must start with s3:// (got ${url.protocol}//). Use ${FORMAT}.`);
  if (!url.username || !url.password) throw new ConfigError(`BACKUP_S3_URL needs the access key and secret before the host. Use ${FORMAT}, percent-encoding the secret.`);
  if (!url.hostname) throw new ConfigError(`BACKUP_S3_URL needs the storage's host. Use ${FORMAT}.`);
  const [bucket, ...rest] = url.pathname.split('/').filter(Boolean);
  if (!bucket) throw new ConfigError(`BACKUP_S3_URL needs a bucket after the host. Use ${FORMAT}.`);
  const known = new Set(['region', 'forcePathStyle', 'tls']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) throw new ConfigError(`BACKUP_S3_URL: unknown option ${key} (known: region, forcePathStyle, tls).`);
  }
  const flag = (name: string, fallback: boolean) => {
    const value = url.searchParams.get(name);
    if (value === null) return fallback;
    if (value !== 'true' && value !== 'false') throw new ConfigError(`BACKUP_S3_URL: ${name} must be true or false (got ${value}).`);
    return value === 'true';
  };
  let decoded: { id: string; secret: string };
  try {
    decoded = { id: decodeURIComponent(url.username), secret: decodeURIComponent(url.password) };
  } catch {
    throw new ConfigError('BACKUP_S3_URL: the key or secret is not percent-encoded correctly.');
  }
  const scheme = flag('tls', true) ? 'https' : 'http';
  const host = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  const prefix = rest.length ? `${rest.join('/')}/` : '';
  return {
    endpoint: `${scheme}://${host}`,
    region: url.searchParams.get('region') || 'us-east-1',
    bucket,
    prefix,
    accessKeyId: decoded.id,
    secretAccessKey: decoded.secret,
    forcePathStyle: flag('forcePathStyle', false),
    description: `s3://${host}/${bucket}/${prefix}`,
  };
}
