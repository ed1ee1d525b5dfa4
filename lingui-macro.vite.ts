import babel from "vite-plugin-babel";

/**
 * Lingui's macros (`Trans`, `useLingui`, `msg`, `t`) are compiled by its Babel plugin; Vite 8 has no Babel of
 * its own, so vite-plugin-babel runs it on the app's TypeScript, before Vite's own transform (Babel only parses
 * the types and JSX here and leaves them for Vite). Shared by vite.config.ts and vitest.config.ts.
 */
export function linguiMacro() {
  return babel({
    include: /\/app\/.*\.tsx?$/,
    exclude: /node_modules/,
    babelConfig: {
      babelrc: false,
      configFile: false,
      parserOpts: { plugins: ["typescript", "jsx"] },
      plugins: ["@lingui/babel-plugin-lingui-macro"],
    },
  });
}
