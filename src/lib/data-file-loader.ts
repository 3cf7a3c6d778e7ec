import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import type { Loader } from 'astro/loaders';

/**
 * A content loader for one YAML or JSON file holding a list. Unlike Astro's `file()` it fails
 * the build on a syntax error (naming the file and line) instead of logging and carrying on,
 * and it keeps the file's order: entries are stored under their zero-padded position (Astro
 * lists a collection by store id), while the `id` key, when not null, must still be unique.
 * `count`, when given, is the number of entries the page is laid out for: any other number
 * fails the build rather than leaving a gap or an orphan in the layout.
 */
export function dataFile(
  fileName: string,
  { id: idKey = 'id', count }: { id?: string | null; count?: number } = {},
): Loader {
  return {
    name: 'data-file',
    load: async ({ store, parseData, config, watcher, generateDigest }) => {
      const path = resolve(fileURLToPath(config.root), fileName);
      const sync = async () => {
        const text = await readFile(path, 'utf8');
        let data: unknown;
        try {
          data = fileName.endsWith('.json') ? JSON.parse(text) : yaml.load(text, { filename: fileName });
        } catch (error) {
          throw new Error(`${fileName}: ${(error as Error).message}`);
        }
        if (!Array.isArray(data)) throw new Error(`${fileName}: expected a list of entries`);
        if (count !== undefined && data.length !== count) {
          throw new Error(`${fileName}: expected ${count} entries, found ${data.length}`);
        }
        store.clear();
        const seen = new Set<string>();
        for (const [index, item] of data.entries()) {
          if (!item || typeof item !== 'object') throw new Error(`${fileName}: entry ${index + 1} is not an object`);
          const raw = item as Record<string, unknown>;
          if (idKey && raw[idKey] !== undefined) {
            const key = String(raw[idKey]);
            if (seen.has(key)) throw new Error(`${fileName}: two entries have the ${idKey} "${key}"`);
            seen.add(key);
          }
          const id = String(index + 1).padStart(4, '0');
          const parsed = await parseData({ id, data: raw, filePath: fileName });
          store.set({ id, data: parsed, digest: generateDigest(raw), filePath: fileName });
        }
      };
      await sync();
      watcher?.add(path);
      watcher?.on('change', (changed) => {
        if (resolve(changed) === path) void sync();
      });
    },
  };
}
