// `npm run anon-key`: the anon key for the self-hosted backend (npm start with DATABASE_URL), a
// JWT for the anon role signed with $JWT_SECRET (read from .env too). Put it in .env as
// PUBLIC_SUPABASE_ANON_KEY: the build gives it to the pages, and `npm start` refuses to serve
// pages built with a key the secret did not sign.
import { existsSync } from 'node:fs';
import { MIN_SECRET_LENGTH, signKey } from '../supabase/self-hosted/jwt.mjs';

if (existsSync('.env')) process.loadEnvFile('.env');
const secret = process.env.JWT_SECRET ?? '';
if (secret.length < MIN_SECRET_LENGTH) {
  console.error(`JWT_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32).`);
  process.exit(1);
}
console.log(signKey(secret, 'anon'));
