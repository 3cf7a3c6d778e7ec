// The two servers a database rule is checked on: the embedded PGlite, and the real PostgreSQL
// cluster `npm test` starts when PostgreSQL is installed (scripts/postgres-cluster.mjs sets
// POSTGRES_TEST_HOST/PORT), each with the migrations applied and a connection of its own.
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../supabase/embedded/database.mjs';
import { migratedImage } from './harness';

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
export interface Server {
  query: Query;
  close: () => Promise<void>;
}

async function pglite(): Promise<Server> {
  const { db } = await openDatabase({ dataDir: 'memory', template: await migratedImage() });
  return {
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, params)).rows,
    close: () => db.close(),
  };
}

function realPostgres(host: string, port: number): Server {
  const sql = postgres({ path: join(host, `.s.PGSQL.${port}`), user: 'postgres', database: 'postgres', max: 1 });
  return {
    query: async (text, params = []) => [...(await sql.unsafe(text, params as never[]))],
    close: () => sql.end(),
  };
}

const realHost = process.env.POSTGRES_TEST_HOST;

/** For `describe.each`: each server's name (marked skipped where there is none) and its opener. */
export const servers = [
  ['PGlite (embedded)', pglite] as const,
  [
    realHost
      ? 'PostgreSQL (Supabase roles)'
      : 'PostgreSQL (skipped: npm test starts a cluster when PostgreSQL is installed)',
    () => realPostgres(realHost!, Number(process.env.POSTGRES_TEST_PORT ?? 5432)),
  ] as const,
];
