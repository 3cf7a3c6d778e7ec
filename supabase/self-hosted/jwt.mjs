// @ts-check
// The keys PostgREST accepts: JSON Web Tokens signed with HS256 and the server's secret, as a
// Supabase project's anon key is. The site needs only to make one (for the anon role) and to
// check that a key was made with a given secret; node:crypto does both.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** PostgREST refuses shorter HS256 secrets. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The secret of `supabase start`'s local stacks, which signed the development key
 * (supabase/gateway/dev-anon-key.mjs). It is public: fine for tests, never for a deployment.
 */
export const DEMO_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** @param {object} value */
const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** @param {string} secret @param {string} data */
const signature = (secret, data) => createHmac('sha256', secret).update(data).digest('base64url');

/**
 * A key for `role`, signed with `secret`, that does not expire (like Supabase's anon key).
 * @param {string} secret @param {string} role
 */
export function signKey(secret, role) {
  const data = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ role, iss: 'self-hosted' })}`;
  return `${data}.${signature(secret, data)}`;
}

/**
 * The role a key names when `secret` signed it with HS256 and it has not expired, else null.
 * @param {string} key @param {string} secret
 * @returns {string | null}
 */
export function verifiedRole(key, secret) {
  const [header, payload, given, ...rest] = key.split('.');
  if (!header || !payload || !given || rest.length > 0) return null;
  const expected = Buffer.from(signature(secret, `${header}.${payload}`));
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  try {
    if (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')).alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) return null;
    return typeof claims.role === 'string' ? claims.role : null;
  } catch {
    return null;
  }
}
