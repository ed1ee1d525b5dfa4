import "react-router";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type Express } from "express";
import type { Server } from "node:http";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { passwordProblem, signupServerProblem } from "~/features/auth/auth.schemas";
import { notifyAdminsOfSignUp } from "~/features/settings/notify-sign-up.server";
import { notifySystemError } from "~/features/settings/notify-system-error.server";
import { ensureAdmin } from "~/features/users/ensure-admin.server";
import { CLIENT_IP_HEADER } from "~/lib/auth.server";
import { lockDataFolder } from "~/lib/data-lock.server";
import { cspNonceContext, newNonce } from "~/lib/content-security-policy";
import { applyMigrations } from "~/lib/db.server";
import { parseEnv, type Env } from "~/lib/env.server";
import { LIVE_STREAM_PATH } from "~/lib/realtime";
import { createMailer, EmailSender, emailBranding, mailFrom } from "~/lib/email.server";
import { closeServices, createServices, servicesContext, type Services } from "~/lib/services.server";
import { encryptPlainSecrets } from "~/lib/stored-secrets.server";
import { forgetCachedSessions } from "~/lib/session-middleware.server";
import { limitRequestBodies } from "./body-limit";
import { refuseCrossSiteRequests } from "./cross-site";
import { liveEvents } from "./events";
import { filesRouter } from "./files";
import { checkoutRouter, stripeWebhookRouter } from "./payments";
import { securityHeaders } from "./security-headers";
import { onlyFromLoopback, testHooks } from "./test-hooks";

interface AppOptions {
  /** Vite's dev middleware, when serving with hot reload. */
  devMiddleware?: express.RequestHandler;
  /** A cluster worker: the primary already ran the start-up work (migrations, secrets, admin) once; see prepare(). */
  prepared?: boolean;
}

// For scripts/pglite-template.js, which runs against the build.
export { writePgliteTemplate } from "~/lib/db.server";

export function createApp(services: Services, options: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  // Sign-in, sign-out and password changes go through the auth handler: no cached session user outlives them.
  const forgetSessionsAround: express.RequestHandler = (_req, res, next) => {
    forgetCachedSessions(services);
    res.once("finish", () => forgetCachedSessions(services));
    next();
  };
  // A hop count or the proxies' addresses (env.server.ts refuses `true`, which would trust any client's header).
  app.set("trust proxy", services.env.TRUST_PROXY ?? false);

  app.use(securityHeaders(services.env.SITE_URL));
  app.use((req, _res, next) => {
    // Better Auth keys its rate limits by this header; it is always replaced with the address Express
    // trusts (the socket, or the proxy chain per TRUST_PROXY), so a client cannot pick its own bucket.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  // Before anything reads a body: every body is held to its limit (body-limit.ts), and state-changing requests
  // made by another site's page are refused (cross-site.ts; the card-provider webhook excepted).
  app.use(limitRequestBodies());
  app.use(refuseCrossSiteRequests(services.env.SITE_URL));

  // Pages, data and assets go out compressed; the live stream must not be buffered by a compressor.
  app.use(compression({ filter: (req, res) => req.path !== LIVE_STREAM_PATH && compression.filter(req, res) }));

  // Before any body parser: Stripe signs the raw bytes.
  app.use(stripeWebhookRouter(services));
  app.use(checkoutRouter(services));
  app.use(filesRouter(services));
  app.all("/api/auth/*splat", forgetSessionsAround, toNodeHandler(services.auth));
  app.get(LIVE_STREAM_PATH, liveEvents(services, { maxStreamsPerUser: services.env.LIVE_STREAMS_PER_USER }));
  if (services.env.E2E_TEST_HOOKS && services.env.NODE_ENV === "test") {
    app.use("/__test", onlyFromLoopback, testHooks(services));
  }

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const client = path.resolve("build/client");
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    // Pages are never served as files (build/client/index.html is the pre-rendered landing page): they go through
    // React Router and carry their Content-Security-Policy.
    const files = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => (req.path.endsWith(".html") ? next() : files(req, res, next)));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
      getLoadContext() {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(cspNonceContext, newNonce());
        return context;
      },
    }),
  );

  app.use(((error, _req, res, _next) => {
    console.error(error);
    void notifySystemError({ db: services.database.db, bus: services.bus }, error);
    if (!res.headersSent) res.status(500).send("Something went wrong");
  }) as express.ErrorRequestHandler);
  return app;
}

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface RunningApp {
  env: Env;
  server: Server;
  /** The running app's services (tests read and write through them). */
  services: Services;
  /** The e-mail queue's sender (tests run a pass with `sendDue()`). */
  mailSender: EmailSender;
  stop(): Promise<void>;
}

/** The start-up work done once per start, whatever the number of processes: migrations, secrets, the admin account. */
async function startUpWork(env: Env, services: Services): Promise<void> {
  await applyMigrations(services.database);
  await encryptPlainSecrets(services.database, services.secrets, console.log);
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const outcome = await ensureAdmin({ auth: services.auth, db: services.database.db }, "start-up", {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
      promoteExisting: env.ADMIN_PROMOTE_EXISTING,
    });
    console.log(`Admin account ${env.ADMIN_EMAIL}: ${outcome}`);
  }
}

/**
 * The cluster primary's share of a start (server/cluster.js): the start-up work, once, before the workers fork and
 * each call start({ prepared: true }). PostgreSQL only: the embedded database allows one process.
 */
export async function prepare(): Promise<void> {
  const env = parseEnv();
  const services = await createServices(env, undefined, { validateSignUp: signupServerProblem, validateNewPassword: passwordProblem, onSignedUp: notifyAdminsOfSignUp });
  try {
    await startUpWork(env, services);
  } finally {
    await closeServices(services);
  }
}

/** Start-up: settings, data-folder lock, database, migrations, admin account, then the HTTP server. */
export async function start(options: AppOptions = {}): Promise<RunningApp> {
  const env = parseEnv();
  const unlock = env.DATABASE_URL ? () => {} : lockDataFolder(env.DATA_DIR);
  let services: Services | undefined;
  try {
    services = await createServices(env, undefined, { validateSignUp: signupServerProblem, validateNewPassword: passwordProblem, onSignedUp: notifyAdminsOfSignUp });
    if (!options.prepared) await startUpWork(env, services);
    const mailSender = new EmailSender(
      services.database.db,
      createMailer({ smtpUrl: env.SMTP_URL, from: mailFrom(env), outboxDir: path.join(env.DATA_DIR, "outbox") }),
      { branding: () => emailBranding(services!.settings) },
    );
    const app = createApp(services, options);
    const server = await new Promise<Server>((resolve, reject) => {
      const listening = app.listen(env.PORT, () => resolve(listening));
      listening.once("error", reject);
    });
    // Idle keep-alive connections stay open longer than a load balancer's (60 s on common ones) and a client's
    // short pauses: with Node's 5 s default, a client reusing a connection as the server closes it gets a reset.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    const ready = services;
    mailSender.start();
    console.log(
      `Serving ${env.SITE_URL} on port ${env.PORT} (${ready.database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL"})`,
    );
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await mailSender.stop();
        await closeServices(ready);
        unlock();
      })());
    return { env, server, stop, services: ready, mailSender };
  } catch (error) {
    if (services) await closeServices(services).catch(() => {});
    unlock();
    throw error;
  }
}
