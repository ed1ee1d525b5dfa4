import { createContext } from "react-router";
import { createAuth, type Auth, type AuthOptions } from "./auth.server";
import { openDatabase, type Database } from "./db.server";
import type { Env } from "./env.server";
import { InProcessChangeBus, PgChangeBus, type ChangeBus } from "./realtime.server";
import { Secrets } from "./secrets.server";
import type { SessionUser } from "./session";
import { lockoutPolicyFrom, sessionPolicyFrom } from "./session-policy";
import { siteConfigFrom, type SiteConfig } from "./site-config";
import { createStorage, type Storage } from "./storage.server";
import { createStripe, type Stripe } from "./stripe.server";

/** Everything a request may need, made once at start-up and handed to routes through the router context. */
export interface Services {
  env: Env;
  database: Database;
  auth: Auth;
  bus: ChangeBus;
  siteConfig: SiteConfig;
  /** Private files (payment proofs, photos): a local folder or an S3-compatible bucket. */
  storage: Storage;
  /** The Stripe SDK, or null when STRIPE_SECRET_KEY is unset (card payments not configured). */
  stripe: Stripe | null;
  /** Encrypts and decrypts stored secrets (passwords, PINs, credential details); see secrets.server.ts. */
  secrets: Secrets;
}

export const servicesContext = createContext<Services>();
export const sessionUserContext = createContext<SessionUser | null>(null);

/**
 * `authOptions` carries what lib may not import itself (the sign-up form's schema lives in features/auth):
 * the composition roots (server/app.ts, the tests' support) pass it in.
 */
export async function createServices(env: Env, database: Database | undefined, authOptions: AuthOptions): Promise<Services> {
  database ??= await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: `${env.DATA_DIR}/pglite` });
  let bus: ChangeBus;
  if (env.DATABASE_URL) {
    const pgBus = new PgChangeBus(env.DATABASE_URL, database.pool);
    await pgBus.whenReady();
    bus = pgBus;
  } else {
    bus = new InProcessChangeBus();
  }
  const auth = createAuth(
    database.db,
    {
      secret: env.AUTH_SECRET,
      baseURL: env.SITE_URL,
      rateLimit: { enabled: true, window: env.AUTH_RATE_LIMIT_WINDOW_SECONDS, max: env.AUTH_RATE_LIMIT_MAX },
      sessions: sessionPolicyFrom(env),
      lockout: lockoutPolicyFrom(env),
    },
    authOptions,
  );
  return {
    env,
    database,
    auth,
    bus,
    siteConfig: siteConfigFrom(process.env),
    storage: createStorage(env),
    stripe: createStripe(env),
    secrets: Secrets.fromSettings(env.CREDENTIALS_KEY, env.CREDENTIALS_PREVIOUS_KEYS),
  };
}

export async function closeServices(services: Services): Promise<void> {
  await services.bus.close();
  await services.database.close();
}
