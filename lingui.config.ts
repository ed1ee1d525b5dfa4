import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The interface's languages (docs/decisions/026). English is the source: its texts are the spec's, written in
 * the code with the macros; Spanish is translated in app/locales/es/messages.po. `npx lingui extract --clean`
 * refreshes both catalogs; app/lib/i18n/catalogs.test.ts fails when one is out of date.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  catalogs: [
    {
      // The catalog check (app/lib/i18n/catalogs.test.ts) extracts into a folder of its own.
      path: `${process.env.LINGUI_CATALOGS_DIR ?? "<rootDir>/app/locales"}/{locale}/messages`,
      include: ["<rootDir>/app"],
      exclude: ["**/*.test.ts", "**/*.test.tsx"],
    },
  ],
  // File names without line numbers: a catalog does not change (nor conflict at merge) when code only moves.
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
