import { createContext } from "react-router";
import { createAuth, type Auth, type AuthOptions, type SignUpExtras } from "./auth/auth.server";
import { openDatabase, type Database, type Db, type Executor } from "./db/db.server";
import type { Env } from "./config/env.server";
import { InProcessChangeBus, PgChangeBus, type ChangeBus } from "./realtime/realtime.server";
import { Secrets } from "./secrets/secrets.server";
import type { SessionUser } from "./auth/session";
import { lockoutPolicyFrom, sessionPolicyFrom } from "./auth/session-policy";
import { defaultSettings } from "../domain/admin-settings";
import { SettingsStore } from "./config/settings.server";
import { siteConfigFrom, type SiteConfig } from "./config/site-config";
import { passwordResetEmail, queueEmail } from "./email/email.server";
import { outboxFolder } from "./email/outbox.server";
import { i18nFor } from "./i18n/instances.server";
import { languageOfUser } from "./i18n/language.server";
import { createStorage, type Storage } from "./storage/storage.server";
import { createStripe, type Stripe } from "./stripe.server";
import { replyAddresses, type ReplyAddresses } from "./email/reply-address.server";
import type { AttemptWindow } from "./auth/attempt-counter.server";

/**
 * Everything a use case may depend on. A use case names the parts it uses (`deps: Pick<Deps, "db" | "bus">`), so a
 * caller passes `services` itself, or an object of just those parts (a test's fake, a transaction as `db`).
 */
export interface Deps {
  /** Where the use case runs its statements: the database, or the transaction of a caller that writes with it. */
  db: Executor;
  /** The database itself, for what a transaction cannot do (its kind, its pool). */
  database: Database;
  env: Env;
  auth: Auth;
  bus: ChangeBus;
  siteConfig: SiteConfig;
  /** Private files (payment proofs, photos): a local folder or an S3-compatible bucket. */
  storage: Storage;
  /** The Stripe SDK, or null when STRIPE_SECRET_KEY is unset (card payments not configured). */
  stripe: Stripe | null;
  /** Encrypts and decrypts stored secrets (passwords, PINs, credential details); see secrets.server.ts. */
  secrets: Secrets;
  /** The admin settings in force (cached; a save takes effect at the next request). */
  settings: SettingsStore;
  /** Reply addresses (one per conversation and reader), or null when replies by e-mail are off (no INBOUND_EMAIL_DOMAIN). */
  replyAddresses: ReplyAddresses | null;
  /** Where the mailer writes each e-mail without SMTP_URL (DATA_DIR/outbox): what removes an e-mail's row removes its copy there. */
  outboxDir: string;
  /** The site's own address (SITE_URL), which links in e-mails and the card provider's return pages start with. */
  siteUrl: string;
  /** The data folder (DATA_DIR): data-export ZIPs are written under its tmp/data-exports before they are stored. */
  dataDir: string;
  /** The card webhook's signing secret (STRIPE_WEBHOOK_SECRET); unset, no event is believed. */
  webhookSecret: string | undefined;
  /** The authserv-id of the receiving mail server in front (INBOUND_AUTHSERV_ID), whose Authentication-Results are the only ones read. */
  authservId: string | undefined;
  /** The clock, where a use case's rule reads the time; the real one when absent (tests set their own). */
  now?: () => Date;
  /** How many attempts a use case's own limit allows in its window; each use case's default when absent (tests set their own). */
  rateLimit?: AttemptWindow;
}

/**
 * Everything a request may need, made once at start-up and handed to routes through the router context: every
 * use case's deps, with the database itself as `db`.
 */
export interface Services extends Deps {
  /** `database.db`. */
  db: Db;
}

/** What the composition roots pass in: the auth options, with the sign-up follow-up given the services' database and bus. */
export interface ServiceOptions
  extends Omit<
    AuthOptions,
    "onSignedUp" | "onAdminLocked" | "onSessionsEnded" | "passwordReset" | "validateNewPassword" | "addressReserved"
  > {
  /** The one rule set for a new password (features/auth), at sign-up, reset and change; enables password reset. */
  validateNewPassword?: AuthOptions["validateNewPassword"];
  onSignedUp?: (deps: Pick<Deps, "db" | "bus" | "env" | "now">, userId: string, signUp: SignUpExtras) => Promise<void>;
  onAdminLocked?: (deps: Pick<Deps, "db" | "bus">, userId: string) => Promise<void>;
  addressReserved?: (deps: Pick<Deps, "db" | "bus">, email: string) => Promise<boolean>;
}

export const servicesContext = createContext<Services>();
export const sessionUserContext = createContext<SessionUser | null>(null);

/**
 * `authOptions` carries what lib may not import itself (the sign-up form's schema lives in features/auth):
 * the composition roots (server/app.ts, the tests' support) pass it in.
 */
export async function createServices(
  env: Env,
  database: Database | undefined,
  options: ServiceOptions,
): Promise<Services> {
  database ??= await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: `${env.DATA_DIR}/pglite` });
  let bus: ChangeBus;
  if (env.DATABASE_URL) {
    const pgBus = new PgChangeBus(env.DATABASE_URL, database.pool);
    await pgBus.whenReady();
    bus = pgBus;
  } else {
    bus = new InProcessChangeBus();
  }
  const siteConfig = siteConfigFrom(process.env);
  const sessions = sessionPolicyFrom(env);
  const lockout = lockoutPolicyFrom(env);
  // The environment's values are the defaults of a fresh database; the stored settings win from then on.
  const settings = new SettingsStore(database.db, defaultSettings(SettingsStore.seedFrom(env, siteConfig)), bus, {
    sessions,
    lockout,
  });
  const { onSignedUp, onAdminLocked, validateNewPassword, addressReserved, ...authOptions } = options;
  const db = database.db;
  const auth = createAuth(
    database.db,
    {
      secret: env.AUTH_SECRET,
      baseURL: env.SITE_URL,
      rateLimit: { enabled: true, window: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX },
      sessions,
      lockout,
      policies: () => settings.policies(),
      maintenance: async () => (await settings.get()).general.maintenanceMode,
      twoFactorRequired: async () => (await settings.get()).security.twoFactor,
    },
    {
      ...authOptions,
      onSignedUp: onSignedUp
        ? (userId, signUp) => onSignedUp({ db, bus, env, now: options.now }, userId, signUp)
        : undefined,
      onAdminLocked: onAdminLocked ? (userId) => onAdminLocked({ db, bus }, userId) : undefined,
      addressReserved: addressReserved ? (email) => addressReserved({ db, bus }, email) : undefined,
      // The account's open live streams, on every instance, check their own session at once.
      onSessionsEnded: (userId) => bus.publish({ table: "session", userId }),
      validateNewPassword,
      passwordReset: validateNewPassword
        ? {
            // In the account's saved language (docs/decisions/026).
            send: async (user, token) =>
              queueEmail(db, passwordResetEmail(i18nFor(await languageOfUser(db, user.id)), env.SITE_URL, user, token)),
          }
        : undefined,
    },
  );
  return {
    env,
    database,
    db,
    auth,
    bus,
    siteConfig,
    settings,
    storage: createStorage(env),
    stripe: createStripe(env),
    secrets: Secrets.fromSettings(env.CREDENTIALS_KEY, env.CREDENTIALS_PREVIOUS_KEYS),
    replyAddresses: env.INBOUND_EMAIL_DOMAIN
      ? replyAddresses(env.AUTH_SECRET, env.INBOUND_EMAIL_DOMAIN, options.now)
      : null,
    outboxDir: outboxFolder(env.DATA_DIR),
    siteUrl: env.SITE_URL,
    dataDir: env.DATA_DIR,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    authservId: env.INBOUND_AUTHSERV_ID,
  };
}

export async function closeServices(services: Services): Promise<void> {
  services.settings.close();
  await services.bus.close();
  await services.database.close();
}
