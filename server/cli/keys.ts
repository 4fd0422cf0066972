/**
 * `npm run keys`: the backend's URL and its anon and service_role keys, from
 * JWT_SECRET or DATA_DIR/jwt-secret (created if missing, as the server would).
 * It never opens the database, so it works while the server runs.
 */
import { ConfigError, loadConfig } from '../config.ts';
import { createApiKeys } from '../keys.ts';
import { requireSupportedNode } from '../runtime.ts';

requireSupportedNode();
try {
  const config = loadConfig();
  const { anonKey, serviceRoleKey } = await createApiKeys(config.jwtSecret);
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`API URL:          http://${host}:${config.port}`);
  console.log(`anon key:         ${anonKey}`);
  console.log(`service_role key: ${serviceRoleKey}`);
  console.log('\nThe service_role key bypasses row-level security: keep it out of browsers and repositories.');
} catch (e) {
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
}
