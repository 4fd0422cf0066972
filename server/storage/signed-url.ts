/**
 * A signed URL's token, as both of its ends read it: made by POST
 * /object/sign (routes/sign.ts), checked by GET /object/sign (routes/read.ts).
 * It names one object (`url` = bucket/name) and expires.
 */
import { jwtVerify, SignJWT } from 'jose';
import { accessDenied } from './errors.ts';

/** The path, under /storage/v1, that reads the object until `expiresIn` seconds from now. */
export async function signedUrl(key: Uint8Array, bucket: string, name: string, expiresIn: number): Promise<string> {
  const token = await new SignJWT({ url: `${bucket}/${name}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(key);
  return `/object/sign/${bucket}/${name.split('/').map(encodeURIComponent).join('/')}?token=${token}`;
}

/** Refuses (403) a missing, bad or expired token, or one made for another object. */
export async function checkSignedUrl(key: Uint8Array, token: string | undefined, bucket: string, name: string): Promise<void> {
  if (!token) throw accessDenied('Missing token');
  let url: unknown;
  try {
    url = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload.url;
  } catch (e) {
    throw accessDenied((e as Error).message);
  }
  if (url !== `${bucket}/${name}`) throw accessDenied('Invalid signature for this object');
}
