/**
 * /auth/v1: the GoTrue subset supabase-js uses (protocol §2), reading and
 * writing the auth.* tables through SQL. Mounted by server/app.ts.
 */
import { Hono } from 'hono';
import type { AppDeps } from '../app.ts';
import type { AuthContext, AuthOptions } from './context.ts';
import { API_VERSION, handleAuthError } from './errors.ts';
import { createMailer } from './mailer.ts';
import { SlidingWindowLimiter } from './rate-limit.ts';
import { adminRoutes } from './routes/admin.ts';
import { metaRoutes } from './routes/meta.ts';
import { signupRoutes } from './routes/signup.ts';
import { tokenRoutes } from './routes/token.ts';
import { userRoutes } from './routes/user.ts';
import { verifyRoutes } from './routes/verify.ts';

export type { AuthOptions } from './context.ts';

const FIVE_MINUTES = 5 * 60 * 1000;

export function createAuthRoutes(deps: AppDeps, options: AuthOptions = {}): Hono {
  const ctx: AuthContext = {
    deps,
    options,
    mailer: options.mailer ?? createMailer(deps.dataDir),
    limiter: new SlidingWindowLimiter(
      options.rateLimit ?? { max: deps.auth.rateLimitSignInSignUps, windowMs: FIVE_MINUTES },
    ),
  };

  const app = new Hono();
  // GoTrue answers with the API version it speaks; the client keys error
  // parsing off it (protocol §2.4), so every response carries it.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Supabase-Api-Version', API_VERSION);
  });
  metaRoutes(app, ctx);
  signupRoutes(app, ctx);
  tokenRoutes(app, ctx);
  verifyRoutes(app, ctx);
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
