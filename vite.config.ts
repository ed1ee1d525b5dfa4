import { lingui } from "@lingui/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { landingPageScript } from "./landing-page-script.vite";
import { linguiMacro } from "./lingui-macro.vite";

export default defineConfig({
  // The server build's entry is the Express app, so the server and the routes share one module graph
  // (one database pool, one auth instance, one change bus).
  environments: { ssr: { build: { rollupOptions: { input: "./server/app.ts" } } } },
  resolve: { tsconfigPaths: true },
  // Lingui's macros compiled by Babel, and its .po catalogs compiled on import (docs/decisions/026).
  // The pre-rendered landing page's own script, an entry of the client build (landing-page-script.vite.ts).
  plugins: [linguiMacro(), lingui(), tailwindcss(), reactRouter(), landingPageScript()],
});
