// Marks the chunks that every island's first render runs, React DOM's client and sonner's toast
// area, and Headless UI's, which the forms start with and the registry's dialog opens with, with
// V8's file-wide compile hint. Chromium then compiles all of their functions as the file streams
// in, off the main thread, instead of one by one on the main thread the first time each runs: on
// a slow phone that lazy compiling was a large part of an island's first press. Only these: the
// hint compiles every function in a file, used or not.

/** V8's magic comment; it counts only as a file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

const RUN_WHOLE = [
  /\/node_modules\/react-dom\/cjs\/react-dom-client\./,
  /\/node_modules\/sonner\//,
  /\/node_modules\/@headlessui\//,
];

/** @returns {import('vite').Plugin} */
export function compileHints() {
  return {
    name: 'compile-hints',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After minification, which drops comments.
    outputOptions: (options) => ({
      ...options,
      postBanner: (chunk) =>
        chunk.moduleIds.some((id) => RUN_WHOLE.some((pattern) => pattern.test(id))) ? COMPILE_HINT : '',
    }),
  };
}
