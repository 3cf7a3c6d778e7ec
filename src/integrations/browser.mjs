// Puts the site's own browser code (src/browser/) where Astro runs it: the head script, inline
// in every page's <head> (Astro hashes injected scripts into the page's Content-Security-Policy,
// so the script and its hash cannot drift apart), the client directive Astro's own lack, and the
// list of what each island's code imports, for the directive that fetches it ahead, and V8's
// compile hint on the code every island's first render runs.
import { fileURLToPath } from 'node:url';
import { minifySync } from 'vite';
import { fontFaceFiles, headScript } from '../browser/head-script.mjs';
import { compileHints } from './compile-hints.mjs';
import { islandModules, islandModulesIntoPages } from './island-modules.mjs';

/** @returns {import('astro').AstroIntegration} */
export default function browser() {
  return {
    name: 'browser',
    hooks: {
      'astro:config:setup': ({ injectScript, addClientDirective, updateConfig }) => {
        // Astro inlines the script as given: minified here, by the minifier that makes the rest of
        // the site's code, so its comments are not in the first bytes of every page.
        const { code, errors } = minifySync('head-script.js', `(${headScript})(${fontFaceFiles})`);
        if (errors.length) throw new Error(`head script: ${errors.map((e) => e.message).join('; ')}`);
        injectScript('head-inline', code);
        updateConfig({ vite: { plugins: [islandModules(), compileHints()] } });
        // One directive decides when every island starts: each page carries it once.
        addClientDirective({
          name: 'press',
          entrypoint: fileURLToPath(new URL('../browser/directives/press.ts', import.meta.url)),
        });
      },
      'astro:build:done': ({ dir }) => islandModulesIntoPages(fileURLToPath(dir)),
    },
  };
}
