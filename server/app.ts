import "react-router";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import express, { type Express } from "express";
import type { Server } from "node:http";
import path from "node:path";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { signupServerProblem } from "~/features/auth/auth.schemas";
import { newPasswordProblem } from "~/features/auth/new-password.server";
import { notifyAdminsOfLockout } from "~/features/notifications/notify-admin-lockout.server";
import { claimsInvitedAddress } from "~/features/team/claim-invited-address.server";
import { notifyAdminsOfSignUp } from "~/features/users/notify-sign-up.server";
import { notifySystemError } from "~/features/notifications/notify-system-error.server";
import { startReplyListener } from "~/features/messages/receive-reply.server";
import { ensureAdmin } from "~/features/users/ensure-admin.server";
import { RetentionJob } from "~/features/retention/retention-job.server";
import { RemindersJob } from "~/features/reminders/reminders-job.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { lockDataFolder } from "~/lib/db/data-lock.server";
import { AppError } from "~/lib/http/app-error";
import { isClientGone } from "~/lib/http/client-gone";
import { cspNonceContext, newNonce } from "~/lib/http/content-security-policy";
import { jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { DatabaseHealth } from "~/lib/db/database-health.server";
import { applyMigrations, appliedMigrationCount, withStartupLock } from "~/lib/db/db.server";
import { parseEnv, type Env } from "~/lib/config/env.server";
import { exampleSiteSettings, exampleSiteSettingsWarning } from "~/lib/config/site-config";
import { keepNewFilesPrivate } from "~/lib/config/private-files.server";
import { LIVE_STREAM_PATH } from "~/lib/realtime/realtime";
import { logger as processLogger, routeConsoleToLogger, type Logger } from "~/lib/logger.server";
import { createMailer, EmailSender, emailBranding, mailFrom } from "~/lib/email/email.server";
import { closeServices, createServices, servicesContext, type Services } from "~/lib/services.server";
import { encryptPlainSecrets } from "~/lib/secrets/stored-secrets.server";
import { enableTestPause } from "~/lib/storage/test-pauses.server";
import { rejectProoflessPayments } from "~/features/payments/zelle/reject-proofless-payments.server";
import { DataExportWorker } from "~/features/data-export/data-export-worker.server";
import { sweepOrphanFiles } from "~/lib/storage/storage-sweep.server";
import { forgetCachedSessions } from "~/lib/auth/session-middleware.server";
import { limitRequestBodies } from "./body-limit";
import { compressResponses } from "./compression";
import { precompressedAssets } from "./precompressed-assets";
import { limitConcurrency } from "./concurrency-limit";
import { refuseCrossSiteRequests } from "./cross-site";
import { databaseErrorsAre503, databaseGate, visitorLocale } from "./database-gate";
import { liveEvents, LiveStreams } from "./events";
import { filesRouter } from "./files";
import { dataExportDownloadRouter } from "./data-export-download";
import { healthRouter } from "./health";
import { requestLogging } from "./request-logging";
import { securityHeaders } from "./security-headers";
import { answerUnchangedData } from "./unchanged-data";
import { onlyFromLoopback, testHooks } from "./test-hooks";

interface AppOptions {
  /** Vite's dev middleware, when serving with hot reload. */
  devMiddleware?: express.RequestHandler;
  /** PostgreSQL's reachability: while it is down, requests get 503 (server/database-gate.ts). */
  databaseHealth?: DatabaseHealth;
  /** Where request lines and errors go (the process's JSON logger by default; tests capture their own). */
  logger?: Logger;
  /** Shared with start(): the shutdown flag /readyz reports and the live streams a shutdown closes. */
  lifecycle?: Lifecycle;
  /** A cluster worker: the primary already ran the start-up work (migrations, secrets, admin) once; see prepare(). */
  prepared?: boolean;
}

/** What a graceful shutdown needs from the running app. */
export interface Lifecycle {
  draining: boolean;
  liveStreams: LiveStreams;
}

// For scripts/pglite-template.js and scripts/backup.js / restore.js (data-folder.js), which run against the build.
export { writePgliteTemplate } from "~/lib/db/db.server";
export { lockDataFolder } from "~/lib/db/data-lock.server";

/** The methods the site answers; anything else is 405. */
const ALLOWED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

export function createApp(services: Services, options: AppOptions = {}): Express {
  const app = express();
  const log = options.logger ?? processLogger;
  const lifecycle = options.lifecycle ?? { draining: false, liveStreams: new LiveStreams() };
  app.disable("x-powered-by");
  // Sign-in, sign-out and password changes go through the auth handler: no cached session user outlives them.
  const forgetSessionsAround: express.RequestHandler = (req, res, next) => {
    // Signing out empties this site's browser cache too: the pages' data kept for revalidation (unchanged-data.ts)
    // is private and must not outlive the session on a shared computer.
    if (req.method === "POST" && req.path === "/api/auth/sign-out") res.setHeader("Clear-Site-Data", '"cache"');
    forgetCachedSessions(services);
    res.once("finish", () => forgetCachedSessions(services));
    next();
  };
  // A hop count or the proxies' addresses (env.server.ts refuses `true`, which would trust any client's header).
  app.set("trust proxy", services.env.TRUST_PROXY ?? false);

  // First: every request gets its id and its log line, and whatever is logged while handling it carries the id.
  app.use(requestLogging(log));
  app.use((req, res, next) => {
    // Shutting down: answers close their connection, so clients open their next one elsewhere; a live stream asked
    // for now (on a connection kept alive) would outlast the shutdown, so the browser is told to retry.
    if (lifecycle.draining) {
      res.set("Connection", "close");
      if (req.path === LIVE_STREAM_PATH) {
        const { status, body } = jsonFailure(new AppError("shutting_down"), i18nFor(visitorLocale(req)));
        res.status(status).set("Retry-After", "1").json(body);
        return;
      }
    }
    next();
  });
  // Health checks: public, no session, nothing to read from the request; cheap enough for frequent polls.
  app.use(
    healthRouter({ database: services.database, storage: services.storage, draining: () => lifecycle.draining, log }),
  );

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
  // Pages, resource routes and the auth handler take GET, HEAD and POST only: an action must not run for a PUT,
  // PATCH or DELETE that no form of the site sends.
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.has(req.method)) return next();
    const { status, body } = jsonFailure(new AppError("method_not_allowed"), i18nFor(visitorLocale(req)));
    res
      .status(status)
      .set("Allow", [...ALLOWED_METHODS].join(", "))
      .set("Connection", "close")
      .json(body);
  });

  // Pages, data and assets go out compressed (server/compression.ts), the live stream excepted; the build's scripts
  // and style sheets as the copies compressed at build time (server/precompressed-assets.ts).
  app.use(compressResponses());
  if (options.databaseHealth) app.use(databaseGate(options.databaseHealth));

  app.use(filesRouter(services));
  app.use(dataExportDownloadRouter(services));

  app.all("/api/auth/*splat", forgetSessionsAround, toNodeHandler(services.auth));
  app.get(
    LIVE_STREAM_PATH,
    liveEvents(services, { maxStreamsPerUser: services.env.LIVE_STREAMS_PER_USER }, lifecycle.liveStreams),
  );
  if (services.env.E2E_TEST_HOOKS && services.env.NODE_ENV === "test") {
    app.use("/__test", onlyFromLoopback, testHooks(services));
  }

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    const client = path.resolve("build/client");
    const assets = path.join(client, "assets");
    app.use(
      "/assets",
      precompressedAssets(assets, { immutable: true, maxAge: "1y" }),
      express.static(assets, { immutable: true, maxAge: "1y" }),
    );
    // Pages are never served as files (build/client/index.html is the pre-rendered landing page): they go through
    // React Router and carry their Content-Security-Policy.
    // No redirect for a folder either: `/es` reaches React Router, not build/client/es/ (the pre-rendered `/es`).
    const files = express.static(client, { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (req.path.endsWith(".html") ? next() : files(req, res, next)));
  }

  // An unchanged page's data is 304 (unchanged-data.ts); a form's answer marks a change just made.
  app.all(
    "/{*splat}",
    answerUnchangedData(services),
    limitConcurrency(services.env.PAGE_CONCURRENCY),
    pages(services, { development: Boolean(options.devMiddleware) }),
  );

  app.use(databaseErrorsAre503);
  app.use(((error, _req, res, _next) => {
    if (isClientGone(error)) return;
    log.error({ err: error }, "Request failed");
    void notifySystemError(services, error);
    if (!res.headersSent) res.status(500).send("Something went wrong");
  }) as express.ErrorRequestHandler);
  return app;
}

/**
 * Pages and data requests, through React Router. In production the server build is read once: given as a
 * function, React Router derives its route tables again on every request (for Vite's module replacement while
 * developing), which cost about 1 ms of CPU a page (docs/decisions/025).
 */
function pages(services: Services, { development }: { development: boolean }): express.RequestHandler {
  const readBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const getLoadContext = () => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(cspNonceContext, newNonce());
    return context;
  };
  if (development) return createRequestHandler({ build: readBuild, getLoadContext });
  let handler: Promise<express.RequestHandler> | undefined;
  return (req, res, next) => {
    // Read at the first request, not at creation: tests make apps that never serve a page (and have no build).
    handler ??= readBuild().then((build) => createRequestHandler({ build, getLoadContext }));
    handler.then((handle) => handle(req, res, next), next);
  };
}

/** What the services take from the features: the account rules, what follows a sign-up or an admin's lockout, and the addresses invitations hold. */
const SERVICE_OPTIONS = {
  validateSignUp: signupServerProblem,
  validateNewPassword: newPasswordProblem,
  onSignedUp: notifyAdminsOfSignUp,
  onAdminLocked: notifyAdminsOfLockout,
  addressReserved: claimsInvitedAddress,
};

export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * A graceful stop: how long requests in flight may take to finish before their connections are cut, and after how
 * long a browser whose live stream was closed reconnects. server/main.js exits by force 10 s after the signal.
 */
export const SHUTDOWN = { drainMs: 8_000, reconnectAfterMs: 1_000 };

export interface RunningApp {
  env: Env;
  server: Server;
  /** The running app's services (tests read and write through them). */
  services: Services;
  /** The e-mail queue's sender (tests run a pass with `sendDue()`). */
  mailSender: EmailSender;
  /** Prepares the customers' data exports in the background (tests run a pass with `runDue()`). */
  dataExports: DataExportWorker;
  /**
   * Graceful stop: stops taking connections, reports not-ready, closes live streams with a reconnect hint, lets
   * requests in flight finish (cut after SHUTDOWN.drainMs), then stops the e-mail sender and the retention clean-up
   * and closes the database.
   */
  stop(): Promise<void>;
}

/**
 * The start-up work done once per start, whatever the number of processes: migrations, secrets, the admin account,
 * the storage sweep. One instance at a time (a PostgreSQL advisory lock; decision 024).
 */
async function startUpWork(env: Env, services: Services, log: Logger): Promise<void> {
  const examples = exampleSiteSettingsWarning(services.siteConfig, env.NODE_ENV);
  if (examples) log.warn({ settings: exampleSiteSettings(services.siteConfig) }, examples);
  await withStartupLock(services.database, async () => {
    const before = await appliedMigrationCount(services.database);
    await applyMigrations(services.database);
    log.info(`Database migrations: ${(await appliedMigrationCount(services.database)) - before} applied`);
    await encryptPlainSecrets(services.database, services.secrets, (message) => log.info(message));
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      const outcome = await ensureAdmin(services, "start-up", {
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        promoteExisting: env.ADMIN_PROMOTE_EXISTING,
        name: env.ADMIN_NAME,
      });
      log.info(`Admin account ${env.ADMIN_EMAIL}: ${outcome}`);
    }
    await sweepStorage(services);
  });
}

/**
 * The cluster primary's share of a start (server/cluster.js): the start-up work, once, before the workers fork and
 * each call start({ prepared: true }). PostgreSQL only: the embedded database allows one process.
 */
export async function prepare(): Promise<void> {
  keepNewFilesPrivate();
  const env = parseEnv();
  const services = await createServices(env, undefined, SERVICE_OPTIONS);
  try {
    await startUpWork(env, services, processLogger);
  } finally {
    await closeServices(services);
  }
}

/** Start-up: settings, data-folder lock, database, migrations, admin account, then the HTTP server. */
export async function start(options: AppOptions = {}): Promise<RunningApp> {
  // However the app is started (main.js, a cluster worker, a test), what it writes is its user's alone.
  keepNewFilesPrivate();
  const env = parseEnv();
  const log = options.logger ?? processLogger;
  log.level = env.LOG_LEVEL;
  const unlock = env.DATABASE_URL ? () => {} : lockDataFolder(env.DATA_DIR);
  // Route modules and libraries that write to the console still produce JSON lines with the request id.
  const restoreConsole = routeConsoleToLogger(log);
  let services: Services | undefined;
  try {
    services = await createServices(env, undefined, SERVICE_OPTIONS);
    if (!options.prepared) await startUpWork(env, services, log);
    if (env.NODE_ENV === "test" && env.E2E_TEST_HOOKS) enableTestPause(env.E2E_PAUSE_AT);
    const databaseHealth =
      services.database.kind === "postgres" ? new DatabaseHealth(services.database.pool) : undefined;
    const mailSender = new EmailSender(
      services.db,
      createMailer({ smtpUrl: env.SMTP_URL, from: mailFrom(env), outboxDir: services.outboxDir }),
      { branding: () => emailBranding(services!.settings, env.SITE_URL) },
    );
    const dataExports = new DataExportWorker(services);
    const lifecycle: Lifecycle = { draining: false, liveStreams: new LiveStreams() };
    const app = createApp(services, { ...options, databaseHealth, logger: log, lifecycle });
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
    dataExports.start();
    // The daily clean-up of old read notifications, audit events and e-mails (Settings, Database tab).
    const retention = new RetentionJob(ready, { log: (line) => log.info(line), logError: (line) => log.error(line) });
    retention.start();
    // What waits on customers, reminded on its schedule (Settings, Reminders tab).
    const reminders = new RemindersJob(ready, { log: (line) => log.info(line), logError: (line) => log.error(line) });
    reminders.start();
    // Replies to message e-mails (README: Replies by e-mail), only when a port is set.
    const inbound = env.INBOUND_SMTP_PORT ? await startReplyListener(ready, log) : undefined;
    log.info(
      `Serving ${env.SITE_URL} on port ${env.PORT} (${ready.database.kind === "pglite" ? `embedded database in ${env.DATA_DIR}` : "PostgreSQL"})`,
    );
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        lifecycle.draining = true;
        const inboundClosed = inbound?.close();
        const closed = new Promise((resolve) => server.close(resolve));
        lifecycle.liveStreams.closeAll(SHUTDOWN.reconnectAfterMs);
        // Idle keep-alive connections close now, busy ones as soon as their answer is out.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 50);
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          closed.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), SHUTDOWN.drainMs))),
        ]);
        clearInterval(sweep);
        clearTimeout(timer);
        if (!drained) {
          log.warn(`Requests still running after ${SHUTDOWN.drainMs} ms: closing their connections`);
          server.closeAllConnections();
          await closed;
        }
        await inboundClosed;
        await mailSender.stop();
        await dataExports.stop();
        await Promise.all([retention.stop(), reminders.stop()]);
        databaseHealth?.close();
        await closeServices(ready);
        unlock();
        log.info("Stopped");
        restoreConsole();
      })());
    return { env, server, stop, services: ready, mailSender, dataExports };
  } catch (error) {
    if (services) await closeServices(services).catch(() => {});
    unlock();
    restoreConsole();
    throw error;
  }
}

/**
 * The start-up sweep (decision 024): stored files no row refers to (older than STORAGE_SWEEP_GRACE_SECONDS) are
 * removed, and pending payments whose proof file is gone are rejected so the customer can send it again. A failure
 * is logged and does not stop the start: the sweep only tidies.
 */
async function sweepStorage(services: Services): Promise<void> {
  try {
    const swept = await sweepOrphanFiles(services.db, services.storage, {
      graceMs: services.env.STORAGE_SWEEP_GRACE_SECONDS * 1000,
    });
    const { rejected, reported } = await rejectProoflessPayments(services, swept.listed, swept.listedAfter);
    if (swept.removed.length > 0)
      console.log(`Storage sweep: removed ${swept.removed.length} orphan file(s): ${swept.removed.join(", ")}`);
    if (rejected.length > 0)
      console.log(
        `Storage sweep: rejected ${rejected.length} pending payment(s) whose proof file is missing: ${rejected.map((p) => p.id).join(", ")}`,
      );
    for (const payment of reported)
      console.warn(
        `Storage sweep: the ${payment.status} payment ${payment.id} has no proof file (restore it from a backup)`,
      );
  } catch (error) {
    console.error("Storage sweep failed:", error);
  }
}
