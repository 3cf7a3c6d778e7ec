import { createHash } from 'node:crypto';
import { PAGES_FETCHED_ON_PRESS, SPECULATION_RULES, fetchPageRules } from '../lib/speculation-rules.ts';

/**
 * For the Content-Security-Policy, which runs inline rules only when their hash is listed: the
 * rules every page carries and those a press adds.
 * @type {`sha256-${string}`[]}
 */
export const SPECULATION_RULES_HASHES = [SPECULATION_RULES, ...PAGES_FETCHED_ON_PRESS.map(fetchPageRules)].map(
  (rules) => /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(rules).digest('base64')}`),
);
