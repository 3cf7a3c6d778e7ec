// Lists, for each entry module of the browser build (every island, its framework renderer, each
// page script), every module it imports, directly or not, in /island-modules.json: what it
// imports at once and what it imports only later, when pressed (a dialog's code, say). A
// directive that fetches an island's code ahead without running it (src/browser/fetch-ahead.ts)
// preloads them all at once: Chromium's modulepreload fetches only the module it names.
export const ISLAND_MODULES_FILE = 'island-modules.json';

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
