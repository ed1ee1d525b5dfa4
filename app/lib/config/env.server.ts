import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { z } from "zod";
import { checkDataFolderIsPrivate, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "./private-files.server";
import { StartupError } from "./startup-error";
import { LOG_LEVELS } from "../logger.server";
import { isValidMasterKey, MASTER_KEY_HINT } from "../secrets/secrets.server";
import { TEST_PAUSE_POINTS } from "../storage/test-pauses.server";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const booleanFlag = z.enum(["0", "1", "true", "false"]).transform((value) => value === "1" || value === "true");

/** Express's names for address ranges, usable in TRUST_PROXY next to addresses and subnets. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front (a hop count), or their addresses and subnets. Not `true`: that
 * trusts every X-Forwarded-For a client writes, so anyone could pick the address rate limits are keyed by.
 */
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (trimmed === "true" || entries.length === 0 || wrong.length > 0) {
    ctx.addIssue({
      code: "custom",
      message:
        trimmed === "true"
          ? "must be a hop count (e.g. 1) or the proxies' addresses/subnets (e.g. 10.0.0.0/8,loopback), not true: true trusts any X-Forwarded-For a client sends"
          : `must be a hop count or a comma-separated list of addresses, subnets or loopback/linklocal/uniquelocal${wrong.length ? ` (not ${wrong.join(", ")})` : ""}`,
    });
    return z.NEVER;
  }
  return entries;
});

/** Hosts a production SITE_URL may name over plain http: this machine only. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")),
    SITE_URL: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    ADMIN_EMAIL: optional(z.email({ error: "must be an e-mail address" })),
    ADMIN_PASSWORD: optional(z.string().min(12, "must be at least 12 characters")),
    // The start-up admin's name, as the team and the customers read it (messages, invitations, the welcome).
    ADMIN_NAME: optional(z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters")),
    TRUST_PROXY: optional(trustProxy),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    LIVE_STREAMS_PER_USER: z.coerce.number().int().positive().default(5),
    PAGE_CONCURRENCY: z.coerce.number().int().positive().default(8),
    // JSON logs on stdout (app/lib/logger.server.ts): fatal, error, warn, info, debug, trace or silent.
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    // Start-up admin: an existing non-admin account with ADMIN_EMAIL is promoted only when this is set.
    ADMIN_PROMOTE_EXISTING: z.preprocess(emptyToUndefined, booleanFlag.default(false)),
    // Session limits and the sign-in lockout (app/lib/auth/session-policy.ts, docs/decisions/012).
    ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
    ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().positive().default(12),
    CUSTOMER_SESSION_IDLE_DAYS: z.coerce.number().int().positive().default(7),
    CUSTOMER_SESSION_MAX_DAYS: z.coerce.number().int().positive().default(30),
    SIGN_IN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
    SIGN_IN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
    E2E_TEST_HOOKS: optional(booleanFlag),
    // Fault tests only (app/lib/storage/test-pauses.server.ts): the write-path point where the process stops to be killed.
    E2E_PAUSE_AT: optional(z.enum(TEST_PAUSE_POINTS)),
    // Card payments (Stripe). Without a secret key the card option says it is not configured.
    STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_/, "must be a Stripe secret key (sk_... or rk_...)")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "must be a Stripe webhook signing secret (whsec_...)")),
    // Tests only: point the Stripe SDK at a fake server.
    STRIPE_API_HOST: optional(z.string().min(1)),
    STRIPE_API_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    STRIPE_API_PROTOCOL: optional(z.enum(["http", "https"])),
    // Private files: an S3-compatible bucket when STORAGE_S3_BUCKET is set, else DATA_DIR/storage.
    STORAGE_S3_BUCKET: optional(z.string().min(1)),
    STORAGE_S3_REGION: optional(z.string().min(1)),
    STORAGE_S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
    STORAGE_S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    STORAGE_S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    STORAGE_S3_FORCE_PATH_STYLE: optional(booleanFlag),
    // The start-up sweep (app/lib/storage/storage-sweep.server.ts) leaves files younger than this: a sibling may be storing them.
    STORAGE_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(0).default(900),
    // E-mail (app/lib/email/email.server.ts): without SMTP_URL, messages go to DATA_DIR/outbox as .eml files.
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")),
    SMTP_FROM: optional(z.string().min(3)),
    // Replies to message e-mails (app/lib/email/inbound-mail.server.ts): an SMTP listener, off unless a port is set.
    INBOUND_SMTP_PORT: optional(z.coerce.number().int().min(1).max(65535)),
    // Loopback unless told otherwise: only the receiving mail server in front may reach the listener.
    INBOUND_SMTP_HOST: z.string().min(1).default("127.0.0.1"),
    // The authserv-id the receiving mail server in front writes in its Authentication-Results header: a reply is
    // taken only when that server's results vouch for the sender's domain.
    INBOUND_AUTHSERV_ID: optional(
      z
        .string()
        .regex(
          /^[a-z0-9]([a-z0-9._-]{0,251}[a-z0-9])?$/i,
          "must be the authserv-id the receiving mail server writes (mx.example.com)",
        ),
    ),
    INBOUND_EMAIL_DOMAIN: optional(
      z
        .string()
        .regex(
          /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
          "must be a domain name (replies.example.com)",
        ),
    ),
    // Secrets at rest (app/lib/secrets/secrets.server.ts): the master key, and older keys that still decrypt.
    CREDENTIALS_KEY: optional(z.string().refine(isValidMasterKey, MASTER_KEY_HINT)),
    CREDENTIALS_PREVIOUS_KEYS: optional(
      z.string().refine((keys) => keys.split(",").every((key) => !key.trim() || isValidMasterKey(key)), {
        message: `each comma-separated key ${MASTER_KEY_HINT}`,
      }),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when DATABASE_URL is set (every instance must share one secret)",
      });
    }
    if (env.DATABASE_URL && !env.CREDENTIALS_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["CREDENTIALS_KEY"],
        message: `is required when DATABASE_URL is set (every instance must share the key that encrypts stored passwords); it ${MASTER_KEY_HINT}`,
      });
    }
    if (env.INBOUND_SMTP_PORT && !env.INBOUND_EMAIL_DOMAIN) {
      ctx.addIssue({
        code: "custom",
        path: ["INBOUND_EMAIL_DOMAIN"],
        message: "is required when INBOUND_SMTP_PORT is set (the domain replies are addressed to)",
      });
    }
    if (env.INBOUND_SMTP_PORT && !env.INBOUND_AUTHSERV_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["INBOUND_AUTHSERV_ID"],
        message:
          "is required when INBOUND_SMTP_PORT is set: the authserv-id of the receiving mail server in front (mx.example.com), whose Authentication-Results header says who sent a reply",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if (Boolean(env.STORAGE_S3_ACCESS_KEY_ID) !== Boolean(env.STORAGE_S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STORAGE_S3_ACCESS_KEY_ID ? "STORAGE_S3_SECRET_ACCESS_KEY" : "STORAGE_S3_ACCESS_KEY_ID"],
        message: "STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY must be set together",
      });
    }
    // Security settings (HTTP hardening, decision 014).
    if (env.E2E_PAUSE_AT && !(env.E2E_TEST_HOOKS && env.NODE_ENV === "test")) {
      ctx.addIssue({
        code: "custom",
        path: ["E2E_PAUSE_AT"],
        message: "is only allowed with E2E_TEST_HOOKS and NODE_ENV=test",
      });
    }
    if (env.E2E_TEST_HOOKS && env.NODE_ENV !== "test") {
      ctx.addIssue({ code: "custom", path: ["E2E_TEST_HOOKS"], message: "is only allowed with NODE_ENV=test" });
    }
    if (env.NODE_ENV === "production" && env.SITE_URL) {
      const url = new URL(env.SITE_URL);
      if (url.protocol !== "https:" && !LOCAL_HOSTS.has(url.hostname)) {
        ctx.addIssue({
          code: "custom",
          path: ["SITE_URL"],
          message: "must be an https URL in production (http only for localhost or 127.0.0.1)",
        });
      }
    }
    if (env.NODE_ENV === "production") {
      for (const name of ["STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL"] as const) {
        if (env[name] !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: [name],
            message: "is for tests only (a fake card provider) and is refused in production",
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  AUTH_SECRET: string;
  SITE_URL: string;
  CREDENTIALS_KEY: string;
};

export class EnvError extends StartupError {}

/** Parses the settings once at start; every problem is listed in one error. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "env"}: ${issue.message}`);
    throw new EnvError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  // Before anything is written into it: an open folder would expose the secrets generated below.
  checkDataFolderIsPrivate(dataDir);
  return {
    ...env,
    DATA_DIR: dataDir,
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? embeddedSecret(dataDir),
    CREDENTIALS_KEY: env.CREDENTIALS_KEY ?? embeddedSecret(dataDir, CREDENTIALS_KEY_FILE),
  };
}

/**
 * Embedded mode keeps a generated secret in the data folder so sessions survive a restart (and stored
 * passwords stay readable): 32 random bytes, base64url, readable by the owner only.
 */
function embeddedSecret(dataDir: string, name = "auth-secret"): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}

const CREDENTIALS_KEY_FILE = "credentials-key";

/**
 * After `secrets:rotate` has put every stored secret under `key`: a key file the app generated into the data folder
 * is made to hold that key, so the retired one is gone from the folder (and from every later backup), and a start
 * without a CREDENTIALS_KEY setting reads the key the secrets are under. Written aside and renamed: a crash leaves
 * the old file or the new one, never half a key. Returns the file when it changed it.
 */
export function replaceGeneratedCredentialsKey(dataDir: string, key: string): string | undefined {
  const file = path.join(dataDir, CREDENTIALS_KEY_FILE);
  if (!existsSync(file) || readFileSync(file, "utf8").trim() === key.trim()) return undefined;
  const temporary = `${file}.${randomBytes(6).toString("hex")}.new`;
  try {
    const fd = openSync(temporary, "wx", PRIVATE_FILE_MODE);
    try {
      writeSync(fd, key.trim());
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
  return file;
}
