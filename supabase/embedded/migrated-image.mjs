// @ts-check
// A new database, migrated and seeded once and kept as an image: a throwaway database
// (DATA_DIR=memory) and the database tests start from it. Applying every migration to a new
// database took about 8 s of processor time; loading the image takes about 2.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './database.mjs';
import { SUPABASE_DIR } from '../project.mjs';

/** Beside the other tools' caches (Astro's, the social cards'), never in DATA_DIR or the system's temporary folder. */
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/community-db/', import.meta.url));

/**
 * What the image depends on: PGlite, the code that prepares a new database, and every SQL file
 * it runs. Any change to one names another image.
 */
async function imageKey() {
  const hash = createHash('sha256');
  const pglite = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
  hash.update(JSON.parse(await readFile(pglite, 'utf8')).version);
  const files = [
    fileURLToPath(new URL('./database.mjs', import.meta.url)),
    join(SUPABASE_DIR, 'embedded', 'bootstrap.sql'),
    join(SUPABASE_DIR, 'seed.sql'),
    ...(await readdir(join(SUPABASE_DIR, 'migrations'))).sort().map((f) => join(SUPABASE_DIR, 'migrations', f)),
  ];
  for (const file of files) hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** @type {Promise<Blob> | undefined} */
let image;

/**
 * A freshly migrated and seeded database as a dumpDataDir() image, made on first use and kept
 * in node_modules/.cache for every later start.
 * @returns {Promise<Blob>}
 */
export function migratedImage() {
  image ??= (async () => {
    const file = join(CACHE_DIR, `${await imageKey()}.tar`);
    if (existsSync(file)) return new Blob([await readFile(file)]);
    const { db } = await openDatabase({ dataDir: 'memory' });
    const blob = await db.dumpDataDir('none');
    await db.close();
    // Written under a private name then renamed, so another process starting meanwhile never reads
    // half. A folder that cannot be written (a read-only install) only means migrating at every start.
    const partial = `${file}.${process.pid}.partial`;
    await mkdir(CACHE_DIR, { recursive: true })
      .then(async () => writeFile(partial, Buffer.from(await blob.arrayBuffer())))
      .then(() => rename(partial, file))
      .catch(() => rm(partial, { force: true }));
    return blob;
  })();
  return image;
}
