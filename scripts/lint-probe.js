// Proves the import-direction rules fire (docs/decisions/013-import-direction.md): lints probe sources
// that break each rule, under the file names they would have, and fails unless ESLint reports each one.
// The probes are linted from memory (ESLint's lintText with a filePath), so nothing is written into app/
// and a concurrent `eslint .` never sees them. Run by `npm run lint` after `eslint .`.
import { ESLint } from "eslint";

const probes = [
  {
    filePath: "app/lib/__lint_probe.ts",
    code: 'import { loginSchema } from "~/features/auth/auth.schemas";\nexport const probe = loginSchema;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/lib/__lint_probe_relative.ts",
    code: 'import { loginSchema } from "../features/auth/auth.schemas";\nexport const probe = loginSchema;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/lib/__lint_probe_routes.ts",
    code: 'import { meta } from "~/routes/auth/login";\nexport const probe = meta;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/components/__lint_probe.tsx",
    code: 'import { loginSchema } from "~/features/auth/auth.schemas";\nexport const probe = loginSchema;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/features/auth/__lint_probe.ts",
    code: 'import { meta } from "~/routes/auth/login";\nexport const probe = meta;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    // The feature order: auth comes before payments, so it may not import it.
    filePath: "app/features/auth/__lint_probe_order.ts",
    code: 'import { quotePayment } from "~/features/payments/quote-payment.server";\nexport const probe = quotePayment;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/lib/i18n/__lint_probe.ts",
    code: 'import { SERVICE_CATALOG } from "~/domain/service-catalog";\nexport const probe = SERVICE_CATALOG;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/domain/__lint_probe.ts",
    code: 'import { requireActor } from "~/lib/auth/actor-guards";\nexport const probe = requireActor;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "app/domain/__lint_probe_features.ts",
    code: 'import { loginSchema } from "~/features/auth/auth.schemas";\nexport const probe = loginSchema;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    filePath: "db/__lint_probe.ts",
    code: 'import { StartupError } from "~/lib/config/startup-error";\nexport const probe = StartupError;\n',
    rule: "import-x/no-restricted-paths",
  },
  {
    // A real file given an import of a module that imports it back: env.server.ts imports errors.ts.
    filePath: "app/lib/config/startup-error.ts",
    code: 'import { env } from "./env.server";\nexport const probe = env;\n',
    rule: "import-x/no-cycle",
  },
];

const eslint = new ESLint();
let failed = 0;
for (const probe of probes) {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.filePath });
  const hits = (result?.messages ?? []).filter((message) => message.ruleId === probe.rule);
  if (hits.length === 0) {
    failed += 1;
    console.error(`lint probe FAILED: ${probe.filePath} should break ${probe.rule}; ESLint said:`, result?.messages);
  } else {
    console.log(`lint probe ok: ${probe.filePath}:${hits[0].line}:${hits[0].column} ${probe.rule}: ${hits[0].message}`);
  }
}
if (failed > 0) process.exit(1);
