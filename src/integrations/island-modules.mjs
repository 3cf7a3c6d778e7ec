// Lists, for each entry module of the browser build (every island, its framework renderer, each
// page script), every module it imports, directly or not, in /island-modules.json: what it
// imports at once and what it imports only later, when pressed (a dialog's code, say). A
// directive that fetches an island's code ahead without running it (src/browser/fetch-ahead.ts)
// preloads them all at once: Chromium's modulepreload fetches only the module it names. Each page
// carries its islands' part of the list in its <head> (islandModulesIntoPages): fetched, the list
// cost a round trip before the imports could be asked for, once the page had painted, and a
// press at load waited for them. The whole list stays in the build for the checks that read it.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ISLAND_MODULES_ID } from '../browser/fetch-ahead.ts';
import { htmlFiles } from './html-files.mjs';

export const ISLAND_MODULES_FILE = 'island-modules.json';

/** Writes into each built page under `root` the list's entries for the islands it carries. */
export async function islandModulesIntoPages(root) {
  const graph = JSON.parse(await readFile(join(root, ISLAND_MODULES_FILE), 'utf8'));
  for (const file of await htmlFiles(root)) {
    const html = await readFile(file, 'utf8');
    // The Konami listener's code is never fetched ahead (its sequence's first key starts it).
    const roots = new Set(
      [...html.matchAll(/<astro-island\s[^>]*>/g)]
        .filter(([tag]) => !tag.includes('&quot;value&quot;:&quot;konami&quot;'))
        .flatMap(([tag]) => [...tag.matchAll(/\s(?:component|renderer)-url="([^"]+)"/g)].map((m) => m[1])),
    );
    const part = Object.fromEntries([...roots].sort().flatMap((url) => (graph[url] ? [[url, graph[url]]] : [])));
    if (!Object.keys(part).length) continue;
    const list = `<script type="application/json" id="${ISLAND_MODULES_ID}">${JSON.stringify(part)}</script>`;
    await writeFile(file, html.replace('</head>', `${list}</head>`));
  }
}

/** @returns {import('vite').Plugin} */
export function islandModules() {
  return {
    name: 'island-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
      );
      const importsOf = (name, seen = new Set()) => {
        const chunk = chunks.get(name);
        for (const dep of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
          if (seen.has(dep)) continue;
          seen.add(dep);
          importsOf(dep, seen);
        }
        return seen;
      };
      const graph = {};
      for (const [name, chunk] of chunks) {
        if (chunk.isEntry && (chunk.imports.length || chunk.dynamicImports.length))
          graph[`/${name}`] = [...importsOf(name)].map((dep) => `/${dep}`);
      }
      this.emitFile({ type: 'asset', fileName: ISLAND_MODULES_FILE, source: JSON.stringify(graph) });
    },
  };
}
