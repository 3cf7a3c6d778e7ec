// @ts-check
// `npm run moderate -- <command>`: the author's moderation tool for the forum and registry.
//
//   list posts|ideas [--limit N] [--hidden]   newest first: id, time, name, hidden, first line
//   show posts|ideas <id>                      one row, every field, the whole text
//   hide posts|ideas <id>                      invisible to visitors from their next request
//   unhide posts|ideas <id>                    visible again
//   export [posts|ideas] [--format json|csv] [--out FILE]   everything, hidden rows included
//
// Where: a Supabase project when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set (through
// its API, as service_role), any Postgres when DATABASE_URL is set, else the embedded
// database in DATA_DIR (default .data/): opened directly, or through the running site's API
// when `npm start` / `npm run dev` holds it, at the address that server recorded and only once
// it has proved it holds the key. Keys are never printed.
import { createClient } from '@supabase/supabase-js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BOM, csvLine } from '../src/lib/csv.ts';

// The settings `npm start` reads: the DATABASE_URL or DATA_DIR in .env is the database it serves.
if (existsSync('.env')) process.loadEnvFile('.env');

const TABLES = /** @type {const} */ ({
  posts: 'posts',
  post: 'posts',
  ideas: 'mota_ideas',
  idea: 'mota_ideas',
  mota_ideas: 'mota_ideas',
});
const NOUN = { posts: 'post', mota_ideas: 'idea' };
const COLUMNS = {
  posts: ['id', 'created_at', 'author_name', 'content', 'is_hidden'],
  mota_ideas: ['id', 'created_at', 'proposed_by', 'issue', 'mitigation', 'notes', 'is_hidden'],
};
/** Rows per request or query while exporting (the API returns at most 1,000). */
const BATCH = 1000;

const USAGE = `Usage: npm run moderate -- <command>

  list posts|ideas [--limit N] [--hidden]    the newest rows (default 20; --hidden: hidden ones only)
  show posts|ideas <id>                       one row in full
  hide posts|ideas <id>                       hide it from visitors
  unhide posts|ideas <id>                     show it again
  export [posts|ideas] [--format json|csv] [--out FILE]
                                              every row, hidden ones included (CSV: one table)

Target: SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY (a Supabase project), or DATABASE_URL
(any Postgres), else the embedded database in DATA_DIR (default .data).`;

class UsageError extends Error {}

/**
 * @typedef {'posts' | 'mota_ideas'} Table
 * @typedef {Record<string, unknown>} Row
 * @typedef {object} Store
 * @property {string} where a description of the target, without secrets
 * @property {(table: Table, options: { limit: number, hiddenOnly: boolean }) => Promise<Row[]>} list
 * @property {(table: Table, id: number) => Promise<Row | null>} get
 * @property {(table: Table, id: number, hidden: boolean) => Promise<Row | null>} setHidden
 * @property {(table: Table, afterId: number, limit: number) => Promise<Row[]>} batch rows with id > afterId, by id
 * @property {() => Promise<void>} close
 */

/**
 * @param {(text: string, params: unknown[]) => Promise<Row[]>} run a query as the owner
 * @param {string} where
 * @param {() => Promise<void>} close
 * @returns {Store}
 */
function sqlStore(run, where, close) {
  /** Timestamps as the API sends them (ISO text), ids as numbers. @type {typeof run} */
  const query = async (text, params) =>
    (await run(text, params)).map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([k, v]) => [
          k,
          v instanceof Date ? v.toISOString() : typeof v === 'bigint' ? Number(v) : v,
        ]),
      ),
    );
  const cols = (/** @type {Table} */ table) => COLUMNS[table].join(', ');
  return {
    where,
    list: (table, { limit, hiddenOnly }) =>
      query(
        `select ${cols(table)} from public.${table} ${hiddenOnly ? 'where is_hidden' : ''} order by created_at desc, id desc limit $1`,
        [limit],
      ),
    get: async (table, id) =>
      (await query(`select ${cols(table)} from public.${table} where id = $1`, [id]))[0] ?? null,
    setHidden: async (table, id, hidden) =>
      (
        await query(`update public.${table} set is_hidden = $2 where id = $1 returning ${cols(table)}`, [id, hidden])
      )[0] ?? null,
    batch: (table, afterId, limit) =>
      query(`select ${cols(table)} from public.${table} where id > $1 order by id limit $2`, [afterId, limit]),
    close,
  };
}

/**
 * @param {string} url
 * @param {string} key
 * @param {string} where
 * @returns {Store}
 */
function apiStore(url, key, where) {
  const client = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  /** @param {{ data: any, error: any, status: number }} result */
  const unwrap = ({ data, error, status }) => {
    if (error) throw apiError(error, status, where);
    return data;
  };
  const cols = (/** @type {Table} */ table) => COLUMNS[table].join(',');
  return {
    where,
    async list(table, { limit, hiddenOnly }) {
      let request = client
        .from(table)
        .select(cols(table))
        .order('created_at', { ascending: false })
        .order('id', { ascending: false });
      if (hiddenOnly) request = request.eq('is_hidden', true);
      return unwrap(await request.limit(limit));
    },
    get: async (table, id) => unwrap(await client.from(table).select(cols(table)).eq('id', id).maybeSingle()),
    async setHidden(table, id, hidden) {
      const rows = unwrap(await client.from(table).update({ is_hidden: hidden }).eq('id', id).select(cols(table)));
      return rows[0] ?? null;
    },
    batch: async (table, afterId, limit) =>
      unwrap(await client.from(table).select(cols(table)).gt('id', afterId).order('id').limit(limit)),
    close: async () => {},
  };
}

/** @param {{ message?: string, code?: string }} error @param {number} status @param {string} where */
function apiError(error, status, where) {
  if (status === 401 || error.code === 'PGRST301' || /invalid api key|jwt/i.test(error.message ?? '')) {
    return new Error(
      `${where} refused the key (${error.message ?? status}). Use the project's service_role key (Project Settings → API).`,
    );
  }
  if (error.code === '42501') {
    return new Error(
      `${where} does not allow this with that key (${error.message}). It must be the service_role key, not the anon key.`,
    );
  }
  if (status === 0 || /fetch failed/i.test(error.message ?? ''))
    return new Error(`Could not reach ${where}: ${error.message}`);
  return new Error(
    `${where} answered ${status}: ${error.message ?? 'an error'}${error.code ? ` (${error.code})` : ''}`,
  );
}

/**
 * A service_role key, not the anon key: legacy keys are JWTs naming their role; new-style keys
 * say so in their prefix.
 * @param {string} key
 */
function checkServiceKey(key) {
  if (key.startsWith('sb_publishable_'))
    throw new Error('SUPABASE_SERVICE_ROLE_KEY holds a publishable (public) key; use the secret / service_role key.');
  const payload = key.split('.')[1];
  if (!payload || key.startsWith('sb_secret_')) return;
  let role;
  try {
    role = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).role;
  } catch {
    return;
  }
  if (role && role !== 'service_role') {
    throw new Error(
      `SUPABASE_SERVICE_ROLE_KEY is a key for the "${role}" role; moderation needs the service_role key (Project Settings → API).`,
    );
  }
}

/** @returns {Promise<Store>} */
async function openStore() {
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, DATABASE_URL } = process.env;
  if (SUPABASE_URL || SUPABASE_SERVICE_ROLE_KEY) {
    if (!SUPABASE_URL)
      throw new Error('SUPABASE_SERVICE_ROLE_KEY is set but SUPABASE_URL is not (https://<project-ref>.supabase.co).');
    if (!SUPABASE_SERVICE_ROLE_KEY) {
      throw new Error(
        'SUPABASE_URL is set but SUPABASE_SERVICE_ROLE_KEY is not: copy the service_role key from Project Settings → API.',
      );
    }
    checkServiceKey(SUPABASE_SERVICE_ROLE_KEY);
    return apiStore(SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, `the Supabase project at ${new URL(SUPABASE_URL).host}`);
  }
  if (DATABASE_URL) {
    const { openDatabaseUrl } = await import('../supabase/self-hosted/database-url.mjs');
    const { sql, where } = openDatabaseUrl(DATABASE_URL);
    const query = async (/** @type {string} */ text, /** @type {unknown[]} */ params) => {
      try {
        return [...(await sql.unsafe(text, /** @type {any[]} */ (params)))];
      } catch (error) {
        // postgres.js messages name the host and user, never the password.
        throw new Error(`${where}: ${/** @type {Error} */ (error).message}`);
      }
    };
    return sqlStore(query, where, () => sql.end());
  }
  return openEmbedded();
}

/** The embedded database: directly, or through the server that holds it. @returns {Promise<Store>} */
async function openEmbedded() {
  const dir = resolve(process.env.DATA_DIR || '.data');
  if (process.env.DATA_DIR === 'memory')
    throw new Error(
      'DATA_DIR=memory is a throwaway database inside the server process; there is nothing to moderate from outside.',
    );
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    throw new Error(
      `No embedded database in ${dir}. Start the site once (npm start), set DATA_DIR, or set SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY for a Supabase project.`,
    );
  }
  const { ADDRESS_FILE, SERVICE_KEY_FILE, isLockHeld } = await import('../supabase/embedded/database.mjs');
  if (await isLockHeld(dir)) {
    const holder = readIfExists(join(dir, 'embedded-backend.pid')).trim() || 'another process';
    const key = readIfExists(join(dir, SERVICE_KEY_FILE)).trim();
    const origin = readIfExists(join(dir, ADDRESS_FILE)).trim();
    if (!key || !/^http:\/\/[^/?#]+$/.test(origin))
      throw new Error(
        `The database in ${dir} is in use by process ${holder}, which has ${key ? 'not said where it listens' : 'no moderation key'}. Restart it (npm start) or stop it and try again.`,
      );
    const where = `the running site at ${origin} (process ${holder})`;
    await checkHoldsKey(origin, key, where, `the database in ${dir} (held by process ${holder})`);
    return apiStore(origin, key, where);
  }
  const { openDatabase } = await import('../supabase/embedded/database.mjs');
  const { db, release } = await openDatabase({ dataDir: dir });
  const query = async (/** @type {string} */ text, /** @type {unknown[]} */ params) =>
    /** @type {Row[]} */ ((await db.query(text, params)).rows);
  return sqlStore(query, `the embedded database in ${dir}`, async () => {
    await db.close();
    await release();
  });
}

/**
 * The key goes only to a server that shows it has the key already: it answers a fresh random
 * challenge with the HMAC the key makes of it. Whatever else listens at that address (a process
 * that took the port after the server died, a record someone else wrote) gets the challenge,
 * which is worth nothing, and never the key.
 * @param {string} origin @param {string} key @param {string} where
 * @param {string} database the database the key belongs to, for the message
 */
async function checkHoldsKey(origin, key, where, database) {
  const { OWNER_PROOF_PATH, ownerProof } = await import('../supabase/embedded/backend.mjs');
  const nonce = randomBytes(32).toString('base64url');
  let proof = '';
  try {
    const response = await fetch(`${origin}${OWNER_PROOF_PATH}?nonce=${nonce}`, { redirect: 'error' });
    if (response.ok) proof = String((await response.json()).proof ?? '');
  } catch (error) {
    if (/** @type {Error} */ (error).name !== 'SyntaxError')
      throw new Error(`Could not reach ${where}: ${/** @type {Error} */ (error).message}`);
  }
  const expected = Buffer.from(ownerProof(key, nonce));
  const given = Buffer.from(proof);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Error(
      `The server answering at ${origin} does not hold the key of ${database}, so the key was not sent. Restart that server (npm start) and try again.`,
    );
}

/** @param {string} file */
function readIfExists(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Visitor text on the author's terminal: control characters (escape sequences could rewrite
 * the screen or the title bar) are shown as visible codes instead of being obeyed.
 * @param {unknown} value
 * @param {boolean} [keepLines]
 */
function printable(value, keepLines = false) {
  const text = value === null || value === undefined ? '' : String(value);
  /* eslint-disable no-control-regex -- control characters are what this makes visible */
  const controls = keepLines
    ? /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g
    : /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
  /* eslint-enable no-control-regex */
  return text.replace(controls, (c) => (c === '\n' ? '⏎' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** @param {unknown} value */
function time(value) {
  const date = new Date(/** @type {string} */ (value));
  return Number.isNaN(date.getTime()) ? String(value) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** @param {string} text @param {number} width */
function fit(text, width) {
  const chars = [...text];
  return chars.length <= width ? text.padEnd(width) : `${chars.slice(0, width - 1).join('')}…`;
}

/** @param {Table} table @param {Row} row */
function nameOf(table, row) {
  return printable(table === 'posts' ? (row.author_name ?? 'Anonymous') : row.proposed_by);
}

/** @param {Table} table @param {Row} row */
function firstLine(table, row) {
  const text = String(table === 'posts' ? row.content : row.issue);
  return printable(text.split(/\r?\n/).find((line) => line.trim()) ?? text);
}

/** @param {string | undefined} word @returns {Table} */
function tableArg(word) {
  const table = word && Object.hasOwn(TABLES, word) ? TABLES[/** @type {keyof typeof TABLES} */ (word)] : undefined;
  if (!table)
    throw new UsageError(
      word ? `Unknown table "${printable(word)}": use posts or ideas.` : 'Which table? posts or ideas.',
    );
  return table;
}

/** @param {string | undefined} word */
function idArg(word) {
  if (!word || !/^\d{1,18}$/.test(word))
    throw new UsageError(word ? `"${printable(word)}" is not an id (a whole number).` : 'Which id?');
  return Number(word);
}

/** Writes and waits while the reader catches up, so a large export never piles up in memory. */
/** @param {NodeJS.WritableStream} out @param {string} text */
async function write(out, text) {
  if (!out.write(text)) await once(out, 'drain');
}

/** @param {Store} store @param {Table} table @param {string} format @param {NodeJS.WritableStream} out */
async function exportTable(store, table, format, out) {
  let count = 0;
  await write(out, format === 'csv' ? `${BOM}${csvLine(COLUMNS[table])}\r\n` : '[');
  for (let after = 0; ;) {
    const rows = await store.batch(table, after, BATCH);
    for (const row of rows) {
      if (format === 'csv')
        await write(
          out,
          `${csvLine(COLUMNS[table].map((c) => (row[c] === null || row[c] === undefined ? '' : String(row[c]))))}\r\n`,
        );
      else await write(out, `${count === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`);
      count += 1;
    }
    if (rows.length < BATCH) break;
    after = Number(rows[rows.length - 1].id);
  }
  if (format === 'json') out.write(count ? '\n]' : ']');
  return count;
}

/** @param {string[]} argv */
export async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      limit: { type: 'string', default: '20' },
      hidden: { type: 'boolean', default: false },
      format: { type: 'string', default: 'json' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...args] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  if (!['list', 'show', 'hide', 'unhide', 'export'].includes(command))
    throw new UsageError(`Unknown command "${printable(command)}".`);
  // Arguments are checked before anything is opened.
  const table = command === 'export' && args[0] === undefined ? null : tableArg(args[0]);
  const id = ['show', 'hide', 'unhide'].includes(command) ? idArg(args[1]) : 0;
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new UsageError('--limit takes a whole number from 1 to 1000.');
  const format = String(values.format).toLowerCase();
  if (!['json', 'csv'].includes(format)) throw new UsageError('--format is json or csv.');
  if (command === 'export' && format === 'csv' && !table)
    throw new UsageError('A CSV export holds one table: export posts --format csv, or export ideas --format csv.');

  const store = await openStore();
  try {
    if (command === 'list') {
      const rows = await store.list(/** @type {Table} */ (table), { limit, hiddenOnly: values.hidden });
      console.error(
        `${rows.length} ${NOUN[/** @type {Table} */ (table)]}${rows.length === 1 ? '' : 's'}, newest first, from ${store.where}`,
      );
      console.log(
        `${'id'.padStart(8)}  ${'posted'.padEnd(20)}  ${'name'.padEnd(18)}  ${'hidden'.padEnd(6)}  first line`,
      );
      for (const row of rows) {
        const t = /** @type {Table} */ (table);
        console.log(
          `${String(row.id).padStart(8)}  ${time(row.created_at).padEnd(20)}  ${fit(nameOf(t, row), 18)}  ${(row.is_hidden ? 'hidden' : '').padEnd(6)}  ${fit(firstLine(t, row), 60).trimEnd()}`,
        );
      }
    } else if (command === 'show') {
      const t = /** @type {Table} */ (table);
      const row = await store.get(t, id);
      if (!row) throw new Error(`No ${NOUN[t]} with id ${id} in ${store.where}.`);
      console.log(`${NOUN[t]} ${row.id}${row.is_hidden ? ' (hidden)' : ''}`);
      for (const column of COLUMNS[t].slice(1)) {
        const value =
          column === 'created_at' ? time(row[column]) : row[column] === null ? '(none)' : printable(row[column], true);
        console.log(`\n${column}:\n${value}`);
      }
    } else if (command === 'hide' || command === 'unhide') {
      const t = /** @type {Table} */ (table);
      const row = await store.setHidden(t, id, command === 'hide');
      if (!row) throw new Error(`No ${NOUN[t]} with id ${id} in ${store.where}.`);
      console.log(
        `${command === 'hide' ? 'Hidden' : 'Visible again'}: ${NOUN[t]} ${id} (${fit(firstLine(t, row), 50).trimEnd()})`,
      );
    } else {
      const out = values.out ? createWriteStream(values.out) : process.stdout;
      const tables = table ? [table] : /** @type {Table[]} */ (['posts', 'mota_ideas']);
      const counts = [];
      if (format === 'json' && !table) out.write('{');
      for (const [i, t] of tables.entries()) {
        if (format === 'json' && !table) out.write(`${i ? ',\n' : '\n'}${JSON.stringify(t)}: `);
        counts.push(`${await exportTable(store, t, format, out)} ${NOUN[t]}s`);
      }
      if (format === 'json' && !table) out.write('\n}');
      out.write('\n');
      if (values.out)
        await new Promise((done, fail) =>
          /** @type {import('node:fs').WriteStream} */ (out).end(() => done(undefined)).on('error', fail),
        );
      console.error(`Exported ${counts.join(' and ')} from ${store.where}${values.out ? ` to ${values.out}` : ''}.`);
    }
  } finally {
    await store.close();
  }
}

// `… | head` closing the pipe early is not an error.
process.stdout.on('error', (error) => {
  if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(0);
  throw error;
});

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || /** @type {{ code?: string }} */ (error).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${/** @type {Error} */ (error).message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(`moderate: ${/** @type {Error} */ (error).message}`);
    process.exitCode = 1;
  }
}
