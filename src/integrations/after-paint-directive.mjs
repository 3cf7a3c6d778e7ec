// Registers the site's own client directives:
// - `client:afterpaint` (src/scripts/after-paint-directive.ts): islands hydrate after the first
//   paint, with the page's other scripts, instead of racing it as `client:load` does;
//   `client:afterpaint="visible"` waits for the island to be in view as well;
// - `client:konami` (src/scripts/konami-directive.ts): the Konami listener hydrates only when a
//   visitor starts the sequence, so no page loads React for it otherwise.
/** @returns {import('astro').AstroIntegration} */
export default function afterPaintDirective() {
  return {
    name: 'after-paint-directive',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: './src/scripts/after-paint-directive.ts' });
        addClientDirective({ name: 'konami', entrypoint: './src/scripts/konami-directive.ts' });
      },
    },
  };
}
