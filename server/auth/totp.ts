/**
 * TOTP as GoTrue runs it (RFC 6238: SHA-1, 6 digits, 30-second steps, one
 * step of skew either way), with otpauth doing the arithmetic and qrcode
 * drawing the enrolment QR code.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const PERIOD = 30;
const totp = (secret: string, issuer = '', label = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

export interface NewTotp {
  secret: string;
  uri: string;
  /** An SVG document; supabase-js makes it a `data:image/svg+xml;utf-8,` URL. */
  qrCode: string;
}

export async function newTotp(issuer: string, account: string): Promise<NewTotp> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totp(secret, issuer, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  // In an unencoded data: URL a `#` would end the document (it starts the
  // fragment), so the colours are named instead.
  const qrCode = svg.replaceAll('#ffffff', 'white').replaceAll('#000000', 'black');
  return { secret, uri, qrCode };
}

/**
 * The time step `code` belongs to (now, or one step either side), or
 * undefined when it matches none. Callers refuse a step at or before the
 * last one accepted, so a code works once.
 */
export function matchingStep(code: string, secret: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD) + delta;
}
