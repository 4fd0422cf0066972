/** GET /settings, /health and /.well-known/jwks.json (protocol §2.1). */
import type { Hono } from 'hono';
import type { AuthContext } from '../context.ts';

// Every external provider GoTrue reports; only email is on here.
const PROVIDERS = [
  'anonymous_users', 'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab',
  'google', 'keycloak', 'kakao', 'linkedin', 'linkedin_oidc', 'notion', 'phone', 'saml', 'slack', 'slack_oidc',
  'spotify', 'twitch', 'twitter', 'workos', 'zoom',
];

export function metaRoutes(app: Hono, ctx: AuthContext): void {
  const { auth } = ctx.deps;

  app.get('/settings', (c) =>
    c.json({
      external: { ...Object.fromEntries(PROVIDERS.map((p) => [p, false])), email: true },
      disable_signup: !auth.enableSignup,
      mailer_autoconfirm: !auth.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    }),
  );

  app.get('/health', (c) =>
    c.json({ version: 'v2.170.0-local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  // HS256 secrets are never published, so the key set is empty (protocol §2.1).
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json({ keys: [] });
  });
}
