// Registers `client:afterpaint` (src/scripts/after-paint-directive.ts): islands hydrate after the
// first paint, with the page's other scripts, instead of racing it as `client:load` does.
/** @returns {import('astro').AstroIntegration} */
export default function afterPaintDirective() {
  return {
    name: 'after-paint-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: './src/scripts/after-paint-directive.ts' });
      },
    },
  };
}
