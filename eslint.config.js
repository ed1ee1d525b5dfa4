import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The floor plan of app/features: a feature imports only the features listed before it, so every arrow between
 * features runs one way and no two of them know each other. Read top to bottom: the public site; people (who signs
 * in, who is told, who works here, who the customers are); the work done for a customer; the money; what is
 * delivered; running the agency. A new feature folder takes its place here, or lint stops.
 */
const FEATURE_ORDER = [
  "legal",
  "auth",
  "notifications",
  "team",
  "leads",
  "users",
  "profile",
  "messages",
  "reviews",
  "progress",
  "information",
  "credentials",
  "promotions",
  "receipts",
  "payments",
  "plans",
  "next-step",
  "delivered-files",
  "approvals",
  "notes",
  "settings",
  "reminders",
  "data-export",
  "account-deletion",
  "retention",
  "activity",
  "analytics",
  "work-queue",
  // Last: the landing page offers what the features before it do (the quote request is the leads').
  "marketing",
];
const unplaced = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !FEATURE_ORDER.includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: give each feature folder its place in FEATURE_ORDER: ${unplaced.join(", ")}`);
}
/** One zone a feature: nothing from the features after it. */
const featureOrderZones = FEATURE_ORDER.slice(0, -1).map((feature, index) => ({
  target: `./app/features/${feature}/**`,
  from: FEATURE_ORDER.slice(index + 1).map((later) => `./app/features/${later}/**`),
  message: `${feature} comes before these features in FEATURE_ORDER (eslint.config.js): move the shared piece down to ${feature} or below (lib, the domain), or pass it in.`,
}));

// The plugin's TypeScript settings minus its default resolver: the TypeScript resolver below replaces it.
const { "import-x/resolver": _defaultResolver, ...importSettings } = importX.flatConfigs.typescript.settings;

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "**/*.server.ts"],
              allowTypeImports: true,
              message: "Server-only module: import it only from loaders, actions, other *.server.ts files or server/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Server-only code, route modules (their loaders and actions are stripped from the browser build by
    // React Router), the server entry and tests may import *.server modules.
    files: [
      "**/*.server.ts",
      "**/*.test.ts",
      "server/**",
      "app/routes/**",
      "app/root.tsx",
      "app/entry.server.tsx",
      "tests/**",
      "scripts/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // Import direction (docs/architecture.md, docs/decisions/013-import-direction.md), bottom to top:
    // db <- lib/i18n <- the domain (app/domain: the catalogs, the settings schema, the upload kinds, the services'
    // names) <- the rest of lib <- components <- features, in FEATURE_ORDER <- routes / server. lib/i18n reads a
    // little of the rest of lib (the database, for a saved language), never the domain.
    // Written as folder globs so that new files fall under the rule without touching this config.
    files: ["app/**/*.{ts,tsx}", "db/**/*.ts", "server/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // The plugin's TypeScript settings (which files it parses to follow imports: without them no-cycle
      // never looks inside a .ts file), with the resolver that knows the ~/ and ~db/ aliases.
      ...importSettings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ["./app/lib/**", "./app/components/**"],
              from: ["./app/features/**", "./app/routes/**", "./server/**"],
              message:
                "lib and components are below features and routes: pass what you need in (a parameter, an option from the composition root) instead.",
            },
            {
              target: "./app/lib/**",
              from: "./app/components/**",
              message: "lib is below components: move the shared piece into lib.",
            },
            {
              target: "./app/lib/i18n/**",
              from: "./app/domain/**",
              message: "lib/i18n is below the domain (the domain words its rules with it): pass the domain's piece in.",
            },
            {
              target: "./app/domain/**",
              from: "./app/lib",
              except: ["./i18n"],
              message:
                "the domain's rules read only lib/i18n from lib: pass anything else in, or move the rule where it is used.",
            },
            {
              target: "./app/domain/**",
              from: ["./app/components/**", "./app/features/**", "./app/routes/**", "./server/**"],
              message: "the domain is below components, features and routes: move the shared piece into the domain.",
            },
            {
              target: "./app/features/**",
              from: ["./app/routes/**", "./server/**"],
              message: "features are below routes and server: move the shared piece into the feature or lib.",
            },
            ...featureOrderZones,
            {
              target: "./db/**",
              from: ["./app/**", "./server/**"],
              message: "db is the bottom layer: the schema imports nothing from the app.",
            },
          ],
        },
      ],
      // import-x skips type-only imports here: they are erased at build time and form no cycle at run time.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // A test sits above everything it tests: a lib test may exercise the helper with a feature's real schema.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": "off" },
  },
  {
    // The integration files share their worker's modules (vitest.config.ts): a module mocked in one file would reach
    // the files after it. A fault is made in the file's own database instead.
    files: ["tests/integration/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            "No module mocks in integration tests: make the fault in the file's own database (see vitest.config.ts).",
        },
      ],
    },
  },
  {
    // The unit files share their worker's modules too, except `*.isolated.test.*` (vitest.config.ts).
    files: ["app/**/*.test.{ts,tsx}"],
    ignores: ["app/**/*.isolated.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            "A unit test that mocks a module is named *.isolated.test.* and runs with modules of its own (see vitest.config.ts).",
        },
      ],
    },
  },
);
