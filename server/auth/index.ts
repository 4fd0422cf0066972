/**
 * /auth/v1: the GoTrue subset supabase-js uses (protocol §2), reading and
 * writing the auth.* tables through SQL. Mounted by server/app.ts.
 */
import { Hono } from 'hono';
import { limitBodies } from '../body-limit.ts';
import type { AppDeps } from '../deps.ts';
import type { AuthContext, AuthOptions } from './context.ts';
import { API_VERSION, AuthError, handleAuthError } from './errors.ts';
import { createMailer } from './mailer.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { adminRoutes } from './routes/admin.ts';
import { factorRoutes } from './routes/factors.ts';
import { metaRoutes } from './routes/meta.ts';
import { recoverRoutes } from './routes/recover.ts';
import { signupRoutes } from './routes/signup.ts';
import { tokenRoutes } from './routes/token.ts';
import { userRoutes } from './routes/user.ts';
import { verifyRoutes } from './routes/verify.ts';

export type { AuthOptions } from './context.ts';

const FIVE_MINUTES = 5 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
/** Auth bodies are a few hundred bytes; refuse big ones before reading them, as REST does. */
const MAX_BODY_BYTES = 64 * 1024;

export function createAuthRoutes(deps: AppDeps, options: AuthOptions = {}): Hono {
  const ctx: AuthContext = {
    deps,
    options,
    mailer: options.mailer ?? createMailer(deps.dataDir),
    limiter: new SlidingWindowLimiter(
      options.rateLimit ?? { max: deps.auth.rateLimitSignInSignUps, windowMs: FIVE_MINUTES },
    ),
    // Ten wrong passwords per account in five minutes, from anywhere; more
    // would let many addresses share one guessing run. (It also lets a
    // stranger delay her sign-in by five minutes: the lesser harm.)
    failedSignIns: new SlidingWindowLimiter(options.accountRateLimit ?? { max: 10, windowMs: FIVE_MINUTES }),
    mailsSent: new SlidingWindowLimiter({ max: deps.auth.rateLimitEmailSent, windowMs: ONE_HOUR }),
    recoveryPerEmail: new SlidingWindowLimiter({ max: deps.auth.rateLimitEmailSent, windowMs: ONE_HOUR }),
    recoveryPerEmailFrequency: new SlidingWindowLimiter({ max: 1, windowMs: deps.auth.emailMaxFrequency * 1000 }),
    lookAlikeSignups: new SlidingWindowLimiter({ max: 1, windowMs: deps.auth.emailMaxFrequency * 1000 }),
    // A few people behind one address (an office, a phone carrier) may each forget a password.
    recoveryPerClient: new SlidingWindowLimiter({ max: Math.max(deps.auth.rateLimitEmailSent * 5, 10), windowMs: ONE_HOUR }),
    // Five wrong codes per factor in five minutes: 3 valid codes in a million
    // (±1 step) make a guess succeed once in ~70,000 windows, i.e. years.
    factorAttempts: new SlidingWindowLimiter(options.factorRateLimit ?? { max: 5, windowMs: FIVE_MINUTES }),
  };

  const app = new Hono();
  // GoTrue answers with the API version it speaks; the client keys error
  // parsing off it (protocol §2.4), so every response carries it.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Supabase-Api-Version', API_VERSION);
    // Tokens, users and factors must never be kept by a browser or a proxy
    // (RFC 6749 §5.1 for token answers; GoTrue does the same). Only the public
    // key set and settings say otherwise (routes/meta.ts).
    if (!c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', 'no-store');
      c.res.headers.set('Pragma', 'no-cache');
    }
  });
  app.use(
    '*',
    limitBodies({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => {
        // The unread body is still arriving: close, or a reused socket's next request fails.
        c.header('Connection', 'close');
        throw new AuthError(413, 'validation_failed', `Request body too large (the limit is ${MAX_BODY_BYTES / 1024} KB).`);
      },
    }),
  );
  metaRoutes(app, ctx);
  signupRoutes(app, ctx);
  tokenRoutes(app, ctx);
  verifyRoutes(app, ctx);
  recoverRoutes(app, ctx);
  factorRoutes(app, ctx);
  userRoutes(app, ctx);
  adminRoutes(app, ctx);
  app.notFound((c) => {
    c.header('X-Supabase-Api-Version', API_VERSION);
    c.header('x-sb-error-code', 'not_found');
    return c.json({ code: 'not_found', message: 'Not Found' }, 404);
  });
  app.onError(handleAuthError);
  return app;
}
