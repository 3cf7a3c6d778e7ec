// @ts-check
// DATABASE_URL, a libpq-style URI (postgres://user:password@host:port/database), opened with
// postgres.js. libpq names a Unix socket directory with ?host=/path, which postgres.js takes
// as an option instead.
import postgres from 'postgres';

/**
 * A postgres.js client for the URI, and how to name it in messages (never with the password).
 * @param {string} databaseUrl
 * @param {import('postgres').Options<{}>} [options]
 */
export function openDatabaseUrl(databaseUrl, options = {}) {
  let where = 'the database in DATABASE_URL';
  let connection = databaseUrl;
  /** @type {{ host?: string }} */
  const socket = {};
  try {
    const url = new URL(databaseUrl);
    where = `the database at ${url.hostname || 'localhost'}${url.port ? `:${url.port}` : ''}`;
    const dir = url.searchParams.get('host');
    if (dir?.startsWith('/')) {
      url.searchParams.delete('host');
      socket.host = dir;
      connection = url.toString();
    }
  } catch {
    // Not parseable as a URL: it goes to postgres.js unchanged, which says what is wrong with it.
  }
  const sql = postgres(connection, { max: 1, onnotice: () => {}, connect_timeout: 10, ...options, ...socket });
  return { sql, where };
}

/**
 * The same database for another role: PostgREST's connection string.
 * @param {string} databaseUrl @param {string} user @param {string} password
 */
export function withCredentials(databaseUrl, user, password) {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}
