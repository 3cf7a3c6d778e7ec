// @ts-check
// The settings both backends read alike: numbers from the environment, the rate limit as the
// database keeps it, and the API's row cap from supabase/config.toml.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUPABASE_DIR } from '../project.mjs';

/** @returns {number | undefined} */
export function rateLimitFromEnv() {
  return wholeNumberFromEnv('COMMUNITY_RATE_LIMIT', ' (0 turns the limit off)');
}

/**
 * @param {string} name
 * @param {string} [meaning]
 * @returns {number | undefined}
 */
export function wholeNumberFromEnv(name, meaning = '') {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number${meaning}, not "${raw}"`);
  }
  return value;
}

/**
 * Sets the limit in the database's settings row, or puts back the migrations' value (the
 * column default) so a test run with the limit off does not leave it off for the next start.
 * @param {{ query(text: string, params?: unknown[]): Promise<unknown> }} db the database as its owner, or any client with query()
 * @param {number | undefined} rateLimit
 */
export async function configureRateLimit(db, rateLimit) {
  if (rateLimit === undefined) {
    await db.query('update private.settings set inserts_per_window = default');
  } else {
    if (!Number.isInteger(rateLimit) || rateLimit < 0)
      throw new Error(`rateLimit must be a whole number ≥ 0, not ${rateLimit}`);
    await db.query('update private.settings set inserts_per_window = $1', [rateLimit]);
  }
}

/** The API's row cap, from [api] max_rows in supabase/config.toml, as on a real project. */
export function readMaxRows() {
  const config = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const api = config.split(/^\[/m).find((section) => section.startsWith('api]')) ?? '';
  const match = /^\s*max_rows\s*=\s*(\d+)/m.exec(api);
  return match ? Number(match[1]) : 1000;
}
