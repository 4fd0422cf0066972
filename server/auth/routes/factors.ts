/**
 * Two-factor sign-in with TOTP, as GoTrue serves it (protocol §2.1):
 * POST /factors (enrol), POST /factors/{id}/challenge, POST
 * /factors/{id}/verify (the session becomes aal2) and DELETE /factors/{id}.
 * What the database then enforces is in the migration
 * 20261123160000_admin_writes_need_aal2.sql.
 */
import { isIP } from 'node:net';
import type { Hono } from 'hono';
import { clientAddress, readJson, str } from '../request.ts';
import { tokenSettings, type AuthContext } from '../context.ts';
import { AuthError, validationFailed } from '../errors.ts';
import {
  createChallenge,
  deleteExpiredFactors,
  findChallenge,
  insertTotpFactor,
  lastAcceptedStep,
  loadFactor,
  markVerified,
  MAX_FACTORS,
  raiseSession,
  removeFactor,
} from '../factors.ts';
import { isUuid, requireUser } from '../guards.ts';
import { addAmrClaim, reissueRefreshToken, sessionJson } from '../sessions.ts';
import { matchingStep, newTotp } from '../totp.ts';
import { factorsOf, reloadUser } from '../users.ts';

const ipMismatch = () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
const wrongCode = () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');

export function factorRoutes(app: Hono, ctx: AuthContext): void {
  const { deps } = ctx;
  /** inet wants an address; an in-process request may have none. */
  const ipOf = (c: Parameters<typeof clientAddress>[0]) => {
    const ip = clientAddress(c, ctx.options.trustedProxyHeader);
    return isIP(ip) ? ip : '0.0.0.0';
  };
  const factorId = (id: string) => {
    if (!isUuid(id)) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return id;
  };

  app.post('/factors', async (c) => {
    const { user, aal } = await requireUser(ctx, c);
    const body = await readJson(c);
    const type = str(body, 'factor_type');
    if (type === 'phone') throw new AuthError(422, 'validation_failed', 'MFA enroll is disabled for Phone');
    if (type === 'webauthn') throw new AuthError(422, 'validation_failed', 'MFA enroll is disabled for WebAuthn');
    if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
    const friendlyName = str(body, 'friendly_name').trim();
    const issuer = str(body, 'issuer') || new URL(deps.auth.siteUrl).host;

    const totp = await newTotp(issuer, user.email ?? user.id);
    const id = await deps.db.transaction(async (tx) => {
      await deleteExpiredFactors(tx, user.id);
      const factors = await factorsOf(tx, user.id);
      if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
      }
      if (factors.length >= MAX_FACTORS) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      // With a factor in place, only a session that proved it may add another.
      if (factors.some((f) => f.status === 'verified') && aal !== 'aal2') {
        throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      }
      return insertTotpFactor(tx, user.id, friendlyName, totp.secret);
    });
    return c.json({
      id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri },
    });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const { user } = await requireUser(ctx, c);
    const factor = await loadFactor(deps.db, user.id, factorId(c.req.param('id')));
    const challenge = await deps.db.transaction((tx) => createChallenge(tx, factor.id, ipOf(c)));
    return c.json({ id: challenge.id, type: factor.factor_type, expires_at: challenge.expiresAt });
  });

  app.post('/factors/:id/verify', async (c) => {
    const { user, sessionId } = await requireUser(ctx, c);
    const factor = await loadFactor(deps.db, user.id, factorId(c.req.param('id')));
    const body = await readJson(c);
    const challengeId = str(body, 'challenge_id');
    const code = str(body, 'code').trim();
    if (!code) throw validationFailed('Code needs to be non-empty');
    if (!sessionId) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    if (ctx.factorAttempts.full(factor.id)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Too many wrong codes. Wait a few minutes and try again.');
    }

    // A wrong code changes nothing; it is only counted, after the transaction.
    const outcome = await deps.db.transaction(async (tx) => {
      const challenge = isUuid(challengeId) ? await findChallenge(tx, factor.id, challengeId) : undefined;
      if (!challenge) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified || challenge.ip_address !== ipOf(c)) throw ipMismatch();
      if (challenge.expired) {
        throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
      }
      const step = matchingStep(code, factor.secret);
      // A code already used (or an older one) is refused like a wrong one.
      if (step === undefined || step <= (await lastAcceptedStep(tx, factor.id))) return 'wrong' as const;
      await markVerified(tx, factor, challenge.id, step);
      await raiseSession(tx, user.id, sessionId, factor.id);
      await addAmrClaim(tx, sessionId, 'totp');
      const reissued = await reissueRefreshToken(tx, user.id, sessionId);
      return { user: await reloadUser(tx, user.id), session: { sessionId, ...reissued } };
    });
    if (outcome === 'wrong') {
      ctx.factorAttempts.take(factor.id);
      throw wrongCode();
    }
    return c.json(await sessionJson(deps.db, outcome.user, outcome.session, tokenSettings(ctx)));
  });

  app.delete('/factors/:id', async (c) => {
    const { user, aal } = await requireUser(ctx, c);
    const factor = await loadFactor(deps.db, user.id, factorId(c.req.param('id')));
    if (factor.status === 'verified' && aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await deps.db.transaction((tx) => removeFactor(tx, factor.id));
    return c.json({ id: factor.id });
  });
}
