import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // React Router) and tests may import *.server modules.
    files: ["**/*.server.ts", "**/*.test.ts", "server/**", "app/routes/**", "app/root.tsx", "tests/**", "scripts/**"],
    rules: { "no-restricted-imports": "off" },
  },
);
