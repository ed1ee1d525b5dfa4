// Part of `npm run build`: the operator commands written in TypeScript (`npm run secrets:rotate`), bundled into
// build/scripts/ so production runs them with plain node (tsx is a development dependency). Dependencies stay
// external (imported from node_modules), as in the server build.
import { defineConfig } from "vite";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  publicDir: false,
  logLevel: "warn",
  build: {
    ssr: true,
    outDir: "build/scripts",
    emptyOutDir: true,
    rollupOptions: {
      input: { "secrets-rotate": "./scripts/secrets-rotate.ts" },
      output: { entryFileNames: "[name].js" },
    },
  },
});
