import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Every .html file under `dir`, sorted, for the integrations that rewrite the built pages. */
export async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) =>
      e.isDirectory() ? htmlFiles(join(dir, e.name)) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
    ),
  );
  return files.flat().sort();
}
