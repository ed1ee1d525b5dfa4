import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { customerAssignments, userRoles } from "~db/schema";
import { RouterContextProvider } from "react-router";
import { expect, inject } from "vitest";
import { signupServerProblem } from "~/features/auth/auth.schemas";
import { newPasswordProblem } from "~/features/auth/new-password.server";
import { notifyAdminsOfLockout } from "~/features/notifications/notify-admin-lockout.server";
import { claimsInvitedAddress } from "~/features/team/claim-invited-address.server";
import { notifyAdminsOfSignUp } from "~/features/users/notify-sign-up.server";
import { ensureAdmin } from "~/features/users/ensure-admin.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import { applyMigrations, openDatabase, type Database } from "~/lib/db/db.server";
import { parseEnv } from "~/lib/config/env.server";
import { AppError } from "~/lib/http/app-error";
import { buildRequestContext, provideRequestContext } from "~/lib/http/request-context.server";
import { createServices, servicesContext, sessionUserContext, type Services } from "~/lib/services.server";
import { loadSessionUser } from "~/lib/auth/session.server";
import { middleware as adminGuard } from "~/routes/admin/layout";
import type { SessionUser } from "~/lib/auth/session";
import type { ChangeBus } from "~/lib/realtime/realtime.server";

/**
 * Integration tests run against a real database: the embedded PGlite by default, or a PostgreSQL server
 * when TEST_DATABASE_URL is set. Each test file gets a database of its own, so files never see each
 * other's rows and may run in parallel.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const SITE_URL = "http://localhost:3000";
export const TEST_PASSWORD = "Str0ng!Passw0rd";
/** The master key for stored secrets in tests (32 bytes, hex); required with DATABASE_URL as in production. */
export const TEST_CREDENTIALS_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";

export interface TestDatabase extends Database {
  /** The throwaway database's URL on the PostgreSQL server; undefined for PGlite. */
  url?: string;
}

/** Opens a fresh, migrated database; `close()` also drops it from the PostgreSQL server. */
export async function testDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await openDatabase({ pgliteDir: "memory://", pgliteTemplate: inject("pgliteTemplate") });
    await applyMigrations(database);
    return { ...database, close: once(database.close) };
  }
  const name = `it_${Date.now().toString(36)}_${randomBytes(6).toString("hex")}`;
  await withServerClient((client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const close = once(async () => {
    await database.close();
    // FORCE ends any connection a failed test left behind (PostgreSQL 13+).
    await withServerClient((client) =>
      client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
    );
  });
  try {
    await applyMigrations(database);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...database, url: url.toString(), close };
}

async function withServerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}

export interface TestServices extends Services {
  /** Closes the change bus and removes the data folder; the database stays open for its own close(). */
  close(): Promise<void>;
}

/**
 * The app's services on a test database, made from settings parsed the way start-up parses them: what a test hands
 * a use case as its deps, whole or with one part replaced (`{ ...services, storage: broken }`).
 * On PostgreSQL, DATABASE_URL is set too, so the services use the LISTEN/NOTIFY change bus as production does.
 */
export async function testServices(
  database: TestDatabase,
  settings: Record<string, string> = {},
  /** The clock the sign-in lockout reads; a test may move it. */
  clock?: () => Date,
): Promise<TestServices> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-it-"));
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    AUTH_SECRET: "integration-test-secret-0123456789abcdef",
    CREDENTIALS_KEY: TEST_CREDENTIALS_KEY,
    SITE_URL,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...settings,
  });
  const services = await createServices(env, database, {
    validateSignUp: signupServerProblem,
    validateNewPassword: newPasswordProblem,
    now: clock,
    onSignedUp: notifyAdminsOfSignUp,
    onAdminLocked: notifyAdminsOfLockout,
    addressReserved: claimsInvitedAddress,
  });
  return {
    ...services,
    async close() {
      await services.bus.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A distinct client address per call, so rate-limit buckets never collide unless a test wants them to. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = "customer"): string {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${randomBytes(3).toString("hex")}@example.com`;
}

/** A request to the real Better Auth handler, as the Express layer hands it over (client IP header set). */
export function authRequest(
  services: Pick<Services, "auth">,
  endpoint: string,
  body: unknown,
  { ip = nextClientIp(), cookie }: { ip?: string; cookie?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: SITE_URL,
    [CLIENT_IP_HEADER]: ip,
  };
  if (cookie) headers.cookie = cookie;
  return services.auth.handler(
    new Request(`${SITE_URL}/api/auth${endpoint}`, { method: "POST", headers, body: JSON.stringify(body) }),
  );
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** The same session token with a signature that was not made with the server's secret. */
export function forgedCookie(cookie: string): string {
  const forged = cookie.replace(/(session_token=[^.;]+)\.[^;]*/, "$1.AAAAforgedsignatureAAAAAAAAAAAAAAAAAAAAAAA%3D");
  expect(forged).not.toBe(cookie);
  return forged;
}

export interface SignUpInput {
  name?: string;
  email?: string;
  password?: string;
  phone?: string;
  companyName?: string | null;
}

export function signUpBody(input: SignUpInput = {}) {
  return {
    name: input.name ?? "Casey Customer",
    email: input.email ?? uniqueEmail(),
    password: input.password ?? TEST_PASSWORD,
    phone: input.phone ?? "(555) 123-4567",
    ...(input.companyName === undefined ? { companyName: "Casey Plumbing" } : { companyName: input.companyName }),
  };
}

export interface SignedIn {
  id: string;
  email: string;
  password: string;
  /** The Cookie header carrying the session. */
  cookie: string;
  user: SessionUser;
}

/** Signs a customer up through the real auth handler and returns the session it was given. */
export async function signUpCustomer(services: Services, input: SignUpInput = {}): Promise<SignedIn> {
  const body = signUpBody(input);
  const response = await authRequest(services, "/sign-up/email", body);
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = cookieFrom(response);
  expect(cookie).toContain("session_token=");
  const user = await sessionUserFor(services, cookie);
  expect(user).not.toBeNull();
  return { id: user!.id, email: body.email, password: body.password, cookie, user: user! };
}

export async function signIn(services: Services, email: string, password: string, ip?: string): Promise<Response> {
  return authRequest(services, "/sign-in/email", { email, password }, { ip });
}

/** Makes the admin account the way start-up does (ensureAdmin) and signs it in. */
export async function makeAdmin(
  services: Services,
  email = uniqueEmail("admin"),
  password = "Adm1n!Password-long",
): Promise<SignedIn> {
  await ensureAdmin(services, "start-up", { email, password });
  const response = await signIn(services, email, password);
  expect(response.status, await response.clone().text()).toBe(200);
  const cookie = cookieFrom(response);
  const user = await sessionUserFor(services, cookie);
  expect(user?.isAdmin).toBe(true);
  return { id: user!.id, email, password, cookie, user: user! };
}

/**
 * A staff member assigned to these customers, signed in: an account made as a customer's, then put on the team
 * directly in the database (the invitation flow has its own tests).
 */
export async function makeStaff(services: Services, assignedTo: readonly string[] = []): Promise<SignedIn> {
  const made = await signUpCustomer(services, { email: uniqueEmail("staff") });
  const { db } = services.database;
  await db.insert(userRoles).values({ userId: made.id, role: "staff" });
  if (assignedTo.length > 0)
    await db.insert(customerAssignments).values(assignedTo.map((customerId) => ({ customerId, memberId: made.id })));
  const user = await sessionUserFor(services, made.cookie);
  expect(user?.assignedCustomerIds).toEqual(expect.arrayContaining([...assignedTo]));
  return { ...made, user: user! };
}

export async function sessionUserFor(services: Services, cookie: string): Promise<SessionUser | null> {
  const { user } = await loadSessionUser(services.auth, services.database.db, new Headers({ cookie }));
  return user;
}

/** The AppError a use case refused with (the test fails if it did not refuse, or failed otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The PostgreSQL error behind a failed Drizzle query (Drizzle wraps it as the cause). */
export async function databaseError(
  promise: Promise<unknown>,
): Promise<{ code?: string; constraint?: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    let current: unknown = error;
    while (current && typeof current === "object") {
      const candidate = current as { code?: unknown; constraint?: string; message: string; cause?: unknown };
      if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
        return { code: candidate.code, constraint: candidate.constraint, message: candidate.message };
      }
      current = candidate.cause;
    }
    throw error;
  }
  throw new Error("Expected the database to refuse the statement, but it was accepted");
}

export const UNIQUE_VIOLATION = "23505";
export const CHECK_VIOLATION = "23514";

/** Expects the use case to refuse with an AppError of this status. */
export async function expectHttpError(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
}

/**
 * The router context a request gets from the root's middleware: the services, who is signed in, and the request
 * context built from them and the request's headers (its language).
 */
export function routeContext(
  services: Services,
  user: SessionUser | null,
  headers: Headers = new Headers(),
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(sessionUserContext, user);
  provideRequestContext(context, buildRequestContext(services, user, headers));
  return context;
}

/**
 * A route module's loader or action arguments, as React Router's middleware would build them: the request at `path`
 * and the context of the user its Cookie header signs in (none: a visitor).
 */
export async function routeArgs(
  services: Services,
  path: string,
  init: RequestInit = {},
  params: Record<string, string> = {},
) {
  const request = new Request(new URL(path, SITE_URL), init);
  const cookie = request.headers.get("cookie");
  const user = cookie ? await sessionUserFor(services, cookie) : null;
  return { request, context: routeContext(services, user, request.headers), params } as never;
}

/** A loader or action result: a plain value (200) or data(..., { status }). */
export function routeAnswer(result: unknown): { status: number; body: unknown } {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

/** The table of the marker `changesOf` publishes last. */
const SETTLED_MARKER = "test:settled";

/**
 * The user ids of one table's changes the bus delivers from now on, read once everything published before
 * `settled()` has arrived: a marker is published last and waited for (the PostgreSQL bus delivers NOTIFYs in their
 * commit order, a moment after each), so a change that did not come is known not to have come, without a fixed wait.
 */
export function changesOf(bus: ChangeBus, table: string): { settled(): Promise<string[]> } {
  const seen: string[] = [];
  const markers = new Map<string, () => void>();
  const unsubscribe = bus.subscribe((change) => {
    if (change.table === table) seen.push(change.userId);
    if (change.table === SETTLED_MARKER) markers.get(change.userId)?.();
  });
  return {
    async settled() {
      const marker = randomUUID();
      const arrived = new Promise<void>((resolve) => markers.set(marker, resolve));
      await bus.publish({ table: SETTLED_MARKER, userId: marker });
      await arrived;
      unsubscribe();
      return seen;
    },
  };
}

/** A form post as the browser sends it from the site's own pages (urlencoded, same origin, the session's cookie). */
export function formPost(path: string, fields: Record<string, string> | [string, string][], cookie?: string): Request {
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: SITE_URL });
  if (cookie) headers.set("cookie", cookie);
  return new Request(new URL(path, SITE_URL), { method: "POST", headers, body: new URLSearchParams(fields) });
}

/**
 * An admin route's loader or action as the framework runs it: the admin layout's middleware first, then the handler
 * with the same arguments, its answer read as `routeAnswer` reads it. A request the guard turns away (to a login, or
 * out of the back office) gives `{ guardedBy: <where it was sent> }`.
 */
export async function behindAdminGuard(
  services: Services,
  actor: SessionUser | null,
  request: Request,
  handler: (args: never) => unknown,
  params: Record<string, string> = {},
): Promise<{ status: number; body: unknown } | { guardedBy: string | null }> {
  const args = { request, context: routeContext(services, actor, request.headers), params };
  let answer: unknown;
  try {
    await adminGuard[0]!(
      args as never,
      (async () => {
        answer = await handler(args as never);
        return new Response(null);
      }) as never,
    );
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { guardedBy: thrown.headers.get("location") };
  }
  return routeAnswer(answer);
}
