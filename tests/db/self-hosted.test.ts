// `npm start` with DATABASE_URL: what it refuses before touching the database, and provisioning
// a real PostgreSQL database (when `npm test` started a cluster) once, then again on a restart.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createSelfHostedBackend } from '../../supabase/self-hosted/backend.mjs';
import { DEMO_JWT_SECRET, signKey } from '../../supabase/self-hosted/jwt.mjs';
import { provisionDatabase } from '../../supabase/self-hosted/provision.mjs';
import { DEV_ANON_KEY } from './harness';

describe('self-hosted: keys', () => {
  const unreachable = 'postgres://postgres@127.0.0.1:1/postgres';

  it('refuses a JWT secret PostgREST would refuse', async () => {
    await expect(createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret: 'short' })).rejects.toThrow(
      /JWT_SECRET must be at least 32 characters/,
    );
  });

  it('refuses pages built with a key the secret did not sign, or not for anon', async () => {
    const jwtSecret = randomBytes(32).toString('hex');
    for (const anonKey of [DEV_ANON_KEY, signKey(jwtSecret, 'service_role'), `${signKey(jwtSecret, 'anon')}x`]) {
      await expect(createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret, anonKey })).rejects.toThrow(
        /PUBLIC_SUPABASE_ANON_KEY is not an anon key signed with JWT_SECRET/,
      );
    }
  });

  it('accepts the development key with the demonstration secret that signed it', async () => {
    // Past the key check, it fails only at the database, which is not there.
    await expect(
      createSelfHostedBackend({ databaseUrl: unreachable, jwtSecret: DEMO_JWT_SECRET, anonKey: DEV_ANON_KEY }),
    ).rejects.toThrow(/Preparing the database at 127\.0\.0\.1:1 failed/);
  });
});

const host = process.env.POSTGRES_TEST_HOST;
describe.skipIf(!host)('self-hosted: provisioning real PostgreSQL (skipped without a cluster)', () => {
  it('a new database gets the roles, every migration and the seed; a restart applies nothing again', async () => {
    const port = Number(process.env.POSTGRES_TEST_PORT ?? 5432);
    const database = `provision_${randomBytes(6).toString('hex')}`;
    const connect = (user: string, db: string) =>
      postgres({ path: join(host!, `.s.PGSQL.${port}`), user, database: db, max: 1, onnotice: () => {} });
    const admin = connect('supabase_admin', 'postgres');
    await admin.unsafe(`create database ${database} owner postgres`);
    const owner = connect('postgres', database);
    try {
      const first = await provisionDatabase(owner, { authenticatorPassword: 'pw' });
      expect(first.applied.length).toBeGreaterThan(5);
      expect(first.seeded).toBe(true);
      const [{ posts }] = await owner`select count(*)::int as posts from public.posts`;
      expect(posts).toBeGreaterThan(0);

      await owner`insert into public.posts (content) values ('written between two starts')`;
      const second = await provisionDatabase(owner, { authenticatorPassword: 'pw' });
      expect(second).toEqual({ applied: [], seeded: false });
      const [{ after }] = await owner`select count(*)::int as after from public.posts`;
      expect(after).toBe(posts + 1);
      const recorded = await owner`select version from supabase_migrations.schema_migrations`;
      expect(recorded).toHaveLength(first.applied.length);
    } finally {
      await owner.end();
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  });
});
