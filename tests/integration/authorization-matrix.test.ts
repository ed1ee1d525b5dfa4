import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createHmac, randomUUID } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type express from "express";
import sharp from "sharp";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  carePlans,
  customerAssignments,
  dataExports,
  googleBusinessInfo,
  leads,
  notifications,
  payments,
  planSubscriptions,
  reviewRounds,
  session as sessionTable,
  userRoles,
  websiteCredentials,
} from "~db/schema";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { saveSettings } from "~/features/settings/save-settings.server";
import { ensureAdmin } from "~/features/users/ensure-admin.server";
import routeConfig from "~/routes";
import { UNUSED_AUTH_PATHS } from "~/lib/auth/auth.server";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import { storeUpload } from "~/lib/storage/uploads.server";
import type * as AppModule from "../../server/app";
import { fakeStripeSettings, startFakeStripe, type FakeStripe } from "../fakes/stripe-server";
import {
  ROLES,
  ROWS,
  type Fixtures,
  type Method,
  type Outcome,
  type Role,
  type Row,
} from "./authorization-matrix.table";
import {
  sessionUserFor,
  signUpBody,
  testDatabase,
  testServices,
  uniqueEmail,
  type TestDatabase,
  type TestServices,
} from "./support";

/**
 * The authorization matrix: every route in app/routes.ts and every Express endpoint, as a visitor, customer A,
 * customer B, the staff member assigned to A, a staff member assigned to B only, and an admin, with each method it takes, over real HTTP against the whole app (createApp with the
 * React Router handler, loaded through Vite as `npm run dev` does, so no build is needed). Expectations live
 * in authorization-matrix.table.ts; a route or endpoint without a row fails the walk.
 */

let database: TestDatabase;
let services: TestServices;
let vite: ViteDevServer;
let server: Server;
let fakeStripe: FakeStripe;
let base: string;
let app: express.Express;
let fixtures: Fixtures;
const cookies = {} as Record<Exclude<Role, "anonymous">, string>;
const credentials = {} as Record<Exclude<Role, "anonymous">, { email: string; password: string }>;
const timings: Record<string, number> = {};
/** Customer A's name: no answer to anyone else may carry it. */
const A_NAME = "Ana Matrix";
let png: Uint8Array<ArrayBuffer>;

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
}

function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** Did this response end the session it was sent with (a sign-out, or the admin guard signing a customer out)? */
function endedSession(response: Response): boolean {
  return response.headers
    .getSetCookie()
    .some((cookie) => /session_token=(;|$)|session_token=[^;]*;.*Max-Age=0/i.test(cookie));
}

async function postJson(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

async function signIn(role: Exclude<Role, "anonymous">): Promise<void> {
  const response = await postJson("/api/auth/sign-in/email", credentials[role]);
  expect(response.status, await response.clone().text()).toBe(200);
  cookies[role] = cookieFrom(response);
  userIds[role] = (await sessionUserFor(services, cookies[role]))!.id;
}
const userIds = {} as Record<Exclude<Role, "anonymous">, string>;

/**
 * A new session for a role the walk signed out (an admin page signs a customer out, as a sign-out row does): made
 * the way Better Auth makes one at sign-in, without checking the password again. The password check is a second
 * of CPU every five sign-ins, and the walk signs customers back in some two hundred times; signing in itself has
 * its own rows and auth.test.ts.
 */
async function newSession(role: Exclude<Role, "anonymous">): Promise<void> {
  const context = await services.auth.$context;
  const session = await context.internalAdapter.createSession(userIds[role]);
  // Better Auth's signed cookie: the token, a dot and the token's HMAC-SHA-256 under the secret, in base64.
  const signed = `${session.token}.${createHmac("sha256", context.secret).update(session.token).digest("base64")}`;
  cookies[role] = `${context.authCookies.sessionToken.name}=${encodeURIComponent(signed)}`;
}

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } })
      .png()
      .toBuffer(),
  );
  fakeStripe = await startFakeStripe();
  // The server listens first, so SITE_URL (Better Auth's origin check, the Origin the walk sends) is its address.
  server = createHttpServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  database = await testDatabase();
  services = await testServices(database, {
    SITE_URL: base,
    E2E_TEST_HOOKS: "1",
    // The walk signs users in again after each sign-out; the sign-in rate limit is tested in auth.test.ts.
    AUTH_RATE_LIMIT_MAX: "1000",
    TRUST_PROXY: "loopback",
    ...fakeStripeSettings(fakeStripe, { secretKey: "sk_test_matrix", webhookSecret: "whsec_matrix" }),
  });
  // The app and its routes in one Vite module graph, as server/main.js --dev loads them. The services made
  // here are plain objects handed to createApp, so both graphs share one database, auth and storage.
  vite = await timed("vite", () =>
    createViteServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
      logLevel: "error",
    }),
  );
  const appModule = (await timed("load app", () => vite.ssrLoadModule("./server/app.ts"))) as typeof AppModule;
  app = appModule.createApp(services);
  server.on("request", app);

  for (const role of ["customerA", "customerB"] as const) {
    const body = signUpBody({ name: role === "customerA" ? A_NAME : "Blair Matrix" });
    const response = await postJson("/api/auth/sign-up/email", body);
    expect(response.status, await response.clone().text()).toBe(200);
    cookies[role] = cookieFrom(response);
    credentials[role] = { email: body.email, password: body.password };
    userIds[role] = (await sessionUserFor(services, cookies[role]))!.id;
  }
  // The staff: accounts made as customers', then put on the team, A's staff member assigned to customer A, B's to B.
  for (const role of ["staffA", "staffB"] as const) {
    const body = signUpBody({ name: role === "staffA" ? "Sam Staff" : "Sky Staff" });
    const response = await postJson("/api/auth/sign-up/email", body);
    expect(response.status, await response.clone().text()).toBe(200);
    credentials[role] = { email: body.email, password: body.password };
    const member = await sessionUserFor(services, cookieFrom(response));
    const customer = await sessionUserFor(services, cookies[role === "staffA" ? "customerA" : "customerB"]);
    await services.database.db.insert(userRoles).values({ userId: member!.id, role: "staff" });
    await services.database.db.insert(customerAssignments).values({ customerId: customer!.id, memberId: member!.id });
    await signIn(role);
  }
  credentials.admin = { email: uniqueEmail("admin"), password: "Adm1n!Password-long" };
  await ensureAdmin(services, "start-up", {
    email: credentials.admin.email,
    password: credentials.admin.password,
  });
  await signIn("admin");
  fixtures = await customerAFixtures();
  halfCookies.expiredSession = await expiredSession();
  halfCookies.passwordStep = await passwordStep();
}, 120_000);

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await vite?.close();
  await services?.close();
  await database?.close();
  await fakeStripe?.close();
});

/** Turns the Security setting Two-Factor on or off, as an admin saving the Security tab would. */
async function setTwoFactorRequired(on: boolean): Promise<void> {
  const admin = await sessionUserFor(services, cookies.admin);
  const { security } = await services.settings.get();
  await saveSettings(
    services,
    { id: admin!.id, isAdmin: true },
    {
      section: "security",
      values: { ...security, twoFactor: on },
    },
  );
}

/** A customer's session cookie whose session has been idle for a year (past every limit). */
async function expiredSession(): Promise<string> {
  const response = await postJson("/api/auth/sign-up/email", signUpBody({ name: "Idle Matrix" }));
  expect(response.status).toBe(200);
  const cookie = cookieFrom(response);
  const user = await sessionUserFor(services, cookie);
  const longAgo = new Date(Date.now() - 365 * 24 * 3600 * 1000);
  await services.database.db
    .update(sessionTable)
    .set({ createdAt: longAgo, updatedAt: longAgo })
    .where(eq(sessionTable.userId, user!.id));
  return cookie;
}

/** An enrolled admin's browser after the right password, before the two-factor code: the two-factor cookie only. */
async function passwordStep(): Promise<string> {
  const account = { email: uniqueEmail("admin-2fa"), password: "Adm1n!Password-long" };
  await ensureAdmin(services, "start-up", account);
  const signedIn = cookieFrom(await postJson("/api/auth/sign-in/email", account));
  const enabled = await postJson("/api/auth/two-factor/enable", { password: account.password }, signedIn);
  const { totpURI } = (await enabled.json()) as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get("secret")!;
  const confirmed = await postJson("/api/auth/two-factor/verify-totp", { code: generateSync({ secret }) }, signedIn);
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  const step = await postJson("/api/auth/sign-in/email", account);
  expect(((await step.clone().json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
  const cookie = cookieFrom(step);
  expect(cookie).not.toMatch(/session_token=/);
  return cookie;
}

/** Customer A's real data: a payment, a notification, and one stored file of every upload kind. */
async function customerAFixtures(): Promise<Fixtures> {
  const session = await (
    await fetch(`${base}/api/auth/get-session`, { headers: { cookie: cookies.customerA } })
  ).json();
  const id = (session as { user: { id: string } }).user.id;
  const db = services.database.db;
  const [payment] = await db
    .insert(payments)
    .values({
      userId: id,
      serviceType: "website",
      paymentNumber: 1,
      amount: 350,
      paymentMethod: "zelle",
      status: "pending",
    })
    .returning();
  // A completed payment has a receipt (a pending one has none): website payment 2, so that no checkout row
  // finds a service of A's already paid.
  const [completed] = await db
    .insert(payments)
    .values({
      userId: id,
      serviceType: "website",
      paymentNumber: 2,
      amount: 350,
      paymentMethod: "card",
      status: "completed",
    })
    .returning();
  const [notification] = await db
    .insert(notifications)
    .values({ userId: id, type: "payment", title: "For A", message: "Only A reads this" })
    .returning();
  const [credential] = await db
    .insert(websiteCredentials)
    .values({ userId: id, credentialType: "domain", password: encryptSecret(services.secrets, "A's domain password") })
    .returning();
  await db
    .insert(googleBusinessInfo)
    .values({ userId: id, gmailPassword: encryptSecret(services.secrets, "A's Gmail password") });
  const store = (kind: Parameters<typeof storeUpload>[1]) =>
    storeUpload(services.storage, kind, id, new File([png], "x.png", { type: "image/png" }), async (stored) => stored);
  const proof = await store("payment-proof");
  const note = await store("note-photo");
  const attachment = await store("message-attachment");
  const approvalFile = await store("approval-file");
  const [round] = await db
    .insert(reviewRounds)
    .values({ userId: id, service: "website", version: 1, title: "Matrix home page", message: "", files: [] })
    .returning();
  const [dataExport] = await db
    .insert(dataExports)
    .values({
      userId: id,
      status: "ready",
      progress: 100,
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    })
    .returning();
  const exportKey = `${id}/${dataExport!.id}.zip`;
  await services.storage.put(
    "exports",
    exportKey,
    new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]),
    "application/zip",
  );
  await db.update(dataExports).set({ fileKey: exportKey, size: 22 }).where(eq(dataExports.id, dataExport!.id));
  const [lead] = await db
    .insert(leads)
    .values({
      name: "Matrix Lead",
      email: "matrix-lead@example.test",
      industry: "roofing",
      wants: "both",
      contactPreference: "email",
      language: "en",
      consentedAt: new Date(),
      assignedTo: userIds.staffA,
    })
    .returning({ id: leads.id });
  // A retired care plan A subscribed to at the fake card provider (a retired plan keeps its subscribers and takes
  // nobody new, so a subscribe from anyone is refused whatever the row's order).
  const stripe = services.stripe!;
  const product = await stripe.products.create({ name: "Matrix Care" });
  const price = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: 4900,
    recurring: { interval: "month" },
  });
  const [plan] = await db
    .insert(carePlans)
    .values({
      nameEn: "Matrix Care",
      nameEs: "Cuidado Matriz",
      price: 49,
      stripeProductId: product.id,
      stripePriceId: price.id,
      retiredAt: new Date(),
    })
    .returning({ id: carePlans.id });
  const checkout = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: credentials.customerA.email,
    subscription_data: { metadata: { userId: id, planId: plan!.id } },
    success_url: `${base}/dashboard/plans`,
  });
  await fakeStripe.completeCheckout(checkout.id);
  const subscription = [...fakeStripe.subscriptions.values()].find(
    (candidate) => (candidate.metadata as Record<string, string>).planId === plan!.id,
  )!;
  const [planSubscription] = await db
    .insert(planSubscriptions)
    .values({
      userId: id,
      planId: plan!.id,
      status: "active",
      price: 49,
      stripeSubscriptionId: String(subscription.id),
      stripeCustomerId: String(subscription.customer),
      stripePriceId: price.id,
    })
    .returning({ id: planSubscriptions.id });
  return {
    planId: plan!.id,
    planSubscriptionId: planSubscription!.id,
    leadId: lead!.id,
    staffAId: userIds.staffA!,
    id,
    email: credentials.customerA.email,
    paymentId: payment!.id,
    completedPaymentId: completed!.id,
    notificationId: notification!.id,
    credentialId: credential!.id,
    avatar: (await store("avatar")).key,
    "google-logo": (await store("google-logo")).key,
    "google-photo": (await store("google-photo")).key,
    "website-logo": (await store("website-logo")).key,
    "founder-photo": (await store("founder-photo")).key,
    "payment-proof": proof.key,
    "payment-proof-thumb": proof.thumbnailKey!,
    "note-photo": note.key,
    "note-photo-thumb": note.thumbnailKey!,
    "message-attachment": attachment.key,
    "message-attachment-thumb": attachment.thumbnailKey!,
    "approval-file": approvalFile.key,
    "approval-file-thumb": approvalFile.thumbnailKey!,
    "delivered-file": (await store("delivered-file")).key,
    roundId: round!.id,
    dataExportId: dataExport!.id,
    "data-export": exportKey,
  };
}

/** Every URL route in app/routes.ts, as its full pattern ("/admin/users/:userId"), with its module file. */
function flattenRoutes(entries: readonly RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (entry.children?.length) return flattenRoutes(entry.children, path);
    return [{ pattern: path || "/", file: entry.file }];
  });
}

/**
 * Every route with children (a layout), as its full pattern and module file. A layout's action takes the posts to
 * its own path that do not name its index route (`?index`): the header of a customer's page, for one.
 */
function layoutRoutes(entries: readonly RouteConfigEntry[], parent = ""): { pattern: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if (!entry.children?.length) return [];
    return [{ pattern: path || "/", file: entry.file }, ...layoutRoutes(entry.children, path)];
  });
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: ExpressLayer[] };
  rawPath?: unknown;
}

/** Every endpoint Express itself answers (routers included), except the React Router catch-all. */
function expressEndpoints(stack: readonly ExpressLayer[], prefix = ""): { pattern: string; methods: Method[] }[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const pattern = `${prefix}${layer.route.path}`;
      if (pattern === "/{*splat}") return [];
      const methods = Object.keys(layer.route.methods).flatMap((m): Method[] =>
        m === "_all" ? ["GET", "POST"] : m === "get" ? ["GET"] : m === "post" ? ["POST"] : [],
      );
      return [{ pattern, methods }];
    }
    if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
      return expressEndpoints(layer.handle.stack, `${prefix}${mount}`);
    }
    return [];
  });
}

function fill(template: string): string {
  return template
    .replaceAll("{unique}", () => randomUUID())
    .replace(/\{a\.([\w-]+)\}/g, (_, field: string) => {
      const value = fixtures[field as keyof Fixtures];
      if (value === undefined) throw new Error(`No fixture named a.${field}`);
      return value;
    });
}

function requestBody(row: Row): { body?: BodyInit; headers: Record<string, string> } {
  if (row.method !== "POST") return { headers: {} };
  const fields = row.body ?? {};
  if (row.json) {
    const filled = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? fill(v) : v]));
    if (row.route === ENDPOINTS.cardCheckout) filled.paymentNumber = Number(filled.paymentNumber) as never;
    return { body: JSON.stringify(filled), headers: { "content-type": "application/json" } };
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, typeof value === "string" ? fill(value) : new File([png], value.name, { type: "image/png" }));
  }
  return { body: form, headers: {} };
}

/**
 * The URL React Router's browser code fetches for a route's data (single fetch): loaders and, for
 * `fetcher.Form` / `useSubmit`, actions are reached this way as well as by a document request.
 */
function dataUrl(url: string): string {
  const parsed = new URL(url, base);
  const path = parsed.pathname === "/" ? "/_root" : parsed.pathname.replace(/\/$/, "");
  return `${path}.data${parsed.search}`;
}

/** A data request's redirect: status 202 and a turbo-stream body naming the target after "redirect". */
function dataRedirect(text: string): string | null {
  try {
    const items = JSON.parse(text.split("\n")[0]!) as unknown[];
    const at = items.indexOf("redirect");
    return at >= 0 && typeof items[at + 1] === "string" ? (items[at + 1] as string) : null;
  } catch {
    return null;
  }
}

/** What a response amounts to, in the table's words. */
function outcomeOf(response: Response, text: string, data: boolean): Outcome {
  const redirect =
    response.status >= 300 && response.status < 400
      ? response.headers.get("location")
      : data && response.status === 202
        ? dataRedirect(text)
        : null;
  if (redirect !== null) {
    const location = new URL(redirect, base);
    // Another site (the card provider's hosted pages): its addresses are the provider's own, one per visit.
    if (location.origin !== new URL(base).origin) return ANOTHER_SITE;
    return `to:${location.pathname}${location.search}`;
  }
  return response.status >= 200 && response.status < 300 ? "ok" : response.status;
}

/** Methods no page sends: every route and endpoint answers them 405. */
const OTHER_METHODS = ["PUT", "PATCH", "DELETE"] as const;

const everyone = (outcome: Outcome): Record<Role, Outcome> =>
  Object.fromEntries(ROLES.map((role) => [role, outcome])) as Record<Role, Outcome>;

/** Redirects that grant nothing: the login pages and two-factor enrolment. */
const GATES = ["/login", "/admin/login", "/admin/two-factor"];
function isAllow(outcome: Outcome): boolean {
  if (outcome === "ok") return true;
  if (typeof outcome === "number") return outcome >= 200 && outcome < 300;
  return !GATES.includes(new URL(outcome.slice(3), "http://x").pathname);
}

interface Cell {
  row: Row;
  role: WalkRole;
  data: boolean;
  crossSite: boolean;
  expected: Outcome;
  actual: Outcome;
  leak?: string;
}

/**
 * Browsers that hold a cookie but no session: a session past its limits (idle for a year), and an admin who gave the
 * right password but not yet the two-factor code. Every cell expects of them what it expects of a visitor.
 */
const HALF_SIGNED_IN = ["expiredSession", "passwordStep"] as const;
type HalfSignedIn = (typeof HALF_SIGNED_IN)[number];
const halfCookies = {} as Record<HalfSignedIn, string>;

/**
 * Each auth call comes from an address of its own (the app trusts the loopback proxy here): Better Auth's per-address
 * rate limits, tested in auth.test.ts, would otherwise answer the walk's many calls 429.
 */
let addresses = 0;
const nextAddress = () => `198.18.${Math.floor(++addresses / 250) % 250}.${(addresses % 250) + 1}`;

/**
 * The walk's admin while the Security setting Two-Factor is on and they have not enrolled: no admin power anywhere.
 * Admin pages send them to enrolment; everything else answers as it does for customer B (their own data only),
 * unless the row says otherwise (`unenrolledAdmin`).
 */
const UNENROLLED_ADMIN = "unenrolledAdmin";
type WalkRole = Role | HalfSignedIn | typeof UNENROLLED_ADMIN;

function expectation(row: Row, role: WalkRole, data: boolean): Outcome {
  if (role === UNENROLLED_ADMIN) {
    const customer = (data ? row.data?.customerB : undefined) ?? row.expect.customerB;
    return row.unenrolledAdmin ?? (customer === DENIED_OUTCOME ? ENROLMENT_OUTCOME : customer);
  }
  const asRole: Role = role === "expiredSession" || role === "passwordStep" ? "anonymous" : role;
  const outcome = (data ? row.data?.[asRole] : undefined) ?? row.expect[asRole];
  // A redirect may name customer A's ids (`to:/admin/users/{a.id}/messages`).
  return typeof outcome === "string" ? (fill(outcome) as Outcome) : outcome;
}
const DENIED_OUTCOME = "to:/admin/login?denied=1";
const ANOTHER_SITE = "to:another site";
const ENROLMENT_OUTCOME = "to:/admin/two-factor";

async function visit(
  row: Row,
  role: WalkRole,
  data: boolean,
  origin = base,
  { signInAgain = true } = {},
): Promise<Cell> {
  const { body, headers } = requestBody(row);
  const cookie =
    role === "anonymous"
      ? undefined
      : role === "expiredSession" || role === "passwordStep"
        ? halfCookies[role]
        : role === UNENROLLED_ADMIN
          ? cookies.admin
          : cookies[role];
  const url = fill(row.url ?? row.route);
  // Origin is the site itself, so the cross-site check passes and authorization alone decides (unless a cross-site
  // visit gives another).
  const response = await fetch(`${base}${data ? dataUrl(url) : url}`, {
    method: row.method,
    redirect: "manual",
    headers: {
      origin,
      ...headers,
      ...(cookie ? { cookie } : {}),
      ...(url.startsWith("/api/auth/") ? { "x-forwarded-for": nextAddress() } : {}),
    },
    body,
  });
  const streaming = response.headers.get("content-type")?.startsWith("text/event-stream");
  const text = streaming ? (await response.body?.cancel(), "") : await response.text();
  const signedInAs: Role | null =
    role === UNENROLLED_ADMIN
      ? "admin"
      : role === "anonymous" || role === "expiredSession" || role === "passwordStep"
        ? null
        : role;
  if (signInAgain && signedInAs && (row.endsSession || endedSession(response))) await newSession(signedInAs);
  const cell: Cell = {
    row,
    role,
    data,
    crossSite: origin !== base,
    expected: expectation(row, role, data),
    actual: outcomeOf(response, text, data),
  };
  // Whatever the status, nobody but A, A's staff member and a full admin gets an answer that carries customer A's
  // identity: their e-mail or name, or their id when the request did not name it (a refused page echoes the
  // parameters of the address it was asked for, which tells the asker nothing new).
  const mayReadA = role === "customerA" || role === "staffA" || role === "admin";
  const found = text.includes(fixtures.email)
    ? "email"
    : text.includes(A_NAME)
      ? "name"
      : !url.includes(fixtures.id) && text.includes(fixtures.id)
        ? "id"
        : null;
  if (!mayReadA && found) cell.leak = `answer contains customer A's ${found}`;
  return cell;
}

describe("authorization matrix", () => {
  it("has a row for every route, method and endpoint, and every cell answers as its row says", async () => {
    const started = performance.now();
    const missing: string[] = [];
    const has = (route: string, method: Method) => ROWS.some((row) => row.route === route && row.method === method);

    const pages = flattenRoutes(routeConfig);
    // A layout needs rows only for its action (its pages' rows cover its GET).
    const layouts = [];
    for (const layout of layoutRoutes(routeConfig)) {
      const module = (await vite.ssrLoadModule(`./app/${layout.file}`)) as Record<string, unknown>;
      if (typeof module.action === "function") layouts.push(layout);
    }
    for (const { pattern, file } of [...pages, ...layouts]) {
      const module = (await vite.ssrLoadModule(`./app/${file}`)) as Record<string, unknown>;
      const methods: Method[] = typeof module.action === "function" ? ["GET", "POST"] : ["GET"];
      for (const method of methods) if (!has(pattern, method)) missing.push(`${method} ${pattern} (app/${file})`);
      // A page with several forms: every one of its intents has its own row.
      const intents = Array.isArray(module.intents) ? (module.intents as string[]) : [];
      for (const intent of intents) {
        if (!ROWS.some((row) => row.route === pattern && row.method === "POST" && row.body?.intent === intent)) {
          missing.push(`POST ${pattern} intent=${intent} (app/${file})`);
        }
      }
    }
    const endpoints = expressEndpoints((app as unknown as { router: { stack: ExpressLayer[] } }).router.stack);
    for (const { pattern, methods } of endpoints) {
      for (const method of methods) if (!has(pattern, method)) missing.push(`${method} ${pattern} (Express)`);
    }
    // Every endpoint Better Auth answers has its own row; the ones the product does not use answer 404.
    const authEndpoints = Object.values(
      services.auth.api as Record<string, { path?: unknown; options?: { metadata?: { SERVER_ONLY?: boolean } } }>,
    );
    for (const endpoint of authEndpoints) {
      if (typeof endpoint.path !== "string" || endpoint.options?.metadata?.SERVER_ONLY) continue;
      const path = endpoint.path;
      if ((UNUSED_AUTH_PATHS as readonly string[]).includes(path)) {
        for (const method of ["GET", "POST"]) {
          const answer = await fetch(`${base}/api/auth${path}`, {
            method,
            headers: { origin: base, cookie: cookies.admin },
          });
          if (answer.status !== 404)
            missing.push(`${method} /api/auth${path} answers ${answer.status}, not 404 (UNUSED_AUTH_PATHS)`);
        }
        continue;
      }
      const pattern = new RegExp(`^/api/auth${path.replace(/:[^/]+/g, "[^/?]+")}(\\?|$)`);
      if (!ROWS.some((row) => row.url !== undefined && pattern.test(row.url)))
        missing.push(`Better Auth's ${path} (no row with its url)`);
    }
    const known = new Set([...pages.map((p) => p.pattern), ...endpoints.map((e) => e.pattern)]);
    const stale = ROWS.filter((row) => !known.has(row.route)).map((row) => `${row.method} ${row.route}`);
    expect(missing, "routes without a row in authorization-matrix.table.ts").toEqual([]);
    expect(stale, "rows for routes that no longer exist").toEqual([]);

    const cells: Cell[] = [];
    const routePatterns = new Set(pages.map((p) => p.pattern));
    for (const row of ROWS) {
      for (const role of [...ROLES, ...HALF_SIGNED_IN]) cells.push(await visit(row, role, false));
      // Every route's data is also reachable as `<url>.data`; it must answer the same way.
      if (routePatterns.has(row.route))
        for (const role of [...ROLES, ...HALF_SIGNED_IN]) cells.push(await visit(row, role, true));
      // Every write, sent by another site's page, is refused before anything reads it (the card webhook excepted).
      if (row.method === "POST" && row.route !== ENDPOINTS.cardWebhook) {
        for (const role of ROLES)
          cells.push(await visit({ ...row, expect: everyone(403) }, role, false, "https://evil.example"));
      }
    }
    // An admin who has not enrolled while two-factor is required: every row again, with no admin power expected.
    await setTwoFactorRequired(true);
    try {
      for (const row of ROWS) {
        cells.push(await visit(row, UNENROLLED_ADMIN, false));
        if (routePatterns.has(row.route)) cells.push(await visit(row, UNENROLLED_ADMIN, true));
      }
    } finally {
      await setTwoFactorRequired(false);
    }
    // No route or endpoint takes a method no page of the site sends.
    const firstRows = new Map(ROWS.map((row) => [row.route, row] as const));
    for (const row of firstRows.values()) {
      for (const method of OTHER_METHODS) {
        for (const role of ROLES)
          cells.push(
            await visit({ ...row, method, body: undefined, expect: everyone(405), note: method }, role, false),
          );
      }
    }

    const unexpectedAllows = cells.filter((c) => isAllow(c.actual) && !isAllow(c.expected));
    const mismatches = cells.filter((c) => c.actual !== c.expected);
    const leaks = cells.filter((c) => c.leak);
    const routeMethods = new Set(ROWS.map((row) => `${row.method} ${row.route}`)).size;
    console.log(
      [
        `authorization matrix: ${pages.length} routes + ${endpoints.length} Express endpoints; ` +
          `${routeMethods} route x method pairs in ${ROWS.length} rows x ${ROLES.length + HALF_SIGNED_IN.length + 1} roles, ` +
          `route rows also as .data requests = ${cells.length} requests`,
        `unexpected allows: ${unexpectedAllows.length}; mismatches: ${mismatches.length}; leaks of A's data: ${leaks.length}`,
        `time: vite ${timings.vite} ms, app load ${timings["load app"]} ms, walk ${Math.round(performance.now() - started)} ms`,
      ].join("\n"),
    );
    const describe = (c: Cell) =>
      `${c.row.method} ${c.row.url ?? c.row.route}${c.data ? " (.data)" : ""}${c.crossSite ? " (cross-site)" : ""} as ${c.role}: expected ${c.expected}, got ${c.actual}${c.leak ? ` (${c.leak})` : ""}`;
    if (mismatches.length > 0) console.log(mismatches.map(describe).join("\n"));
    expect(unexpectedAllows.map(describe), "unexpected allows").toEqual([]);
    expect(mismatches.map(describe), "cells that differ from the table").toEqual([]);
    expect(leaks.map(describe), "customer A's data in someone else's answer").toEqual([]);
    // Every row as a document and a data request, for each role and the walk's other callers, some signing in
    // again: about 90 s alone on a two-core machine, and CI runs other test files beside it.
  }, 360_000);

  it("Maintenance Mode refuses every change a customer sends to any route, before the route acts; the team goes on", async () => {
    const routePatterns = new Set(flattenRoutes(routeConfig).map((page) => page.pattern));
    // The display language stays the customer's to switch (public pages included): nothing the agency serves.
    const open = new Set(["/resources/language"]);
    // The back office's rows last: a customer who reaches its guard is signed out, and cannot sign in again now.
    const writes = ROWS.filter((row) => row.method === "POST" && routePatterns.has(row.route)).sort(
      (a, b) => Number(a.route.startsWith("/admin")) - Number(b.route.startsWith("/admin")),
    );
    // A page's form or fetcher is sent to the portal, whose page then says the platform is under maintenance; a
    // script's JSON call gets the 503 to show.
    const refused = (row: Row): Outcome =>
      open.has(row.route) ? row.expect.customerA : row.json ? 503 : "to:/dashboard/progress";
    const admin = await sessionUserFor(services, cookies.admin);
    const general = async (maintenanceMode: boolean) => {
      const current = (await services.settings.get()).general;
      await saveSettings(
        services,
        { id: admin!.id, isAdmin: true },
        {
          section: "general",
          values: { ...current, maintenanceMode },
        },
      );
    };
    const cells: Cell[] = [];
    await general(true);
    try {
      for (const row of writes) {
        // No new sign-in after a row that ends sessions: a refused change ends none, and customers cannot sign in now.
        for (const data of [false, true]) {
          cells.push(
            await visit(
              { ...row, expect: { ...row.expect, customerA: refused(row) }, data: undefined },
              "customerA",
              data,
              base,
              { signInAgain: false },
            ),
          );
        }
      }
      // The team's changes go on: the bell's 'mark all read' as the admin and as staff.
      for (const row of writes.filter((row) => row.route === "/resources/notifications")) {
        for (const role of ["admin", "staffA"] as const) cells.push(await visit(row, role, false));
      }
    } finally {
      await general(false);
    }
    const describe = (c: Cell) =>
      `${c.row.method} ${c.row.url ?? c.row.route}${c.data ? " (.data)" : ""} as ${c.role}: expected ${c.expected}, got ${c.actual}`;
    expect(writes.length).toBeGreaterThan(20);
    expect(
      cells.filter((c) => c.actual !== c.expected).map(describe),
      "writes answered otherwise during Maintenance Mode",
    ).toEqual([]);
  }, 120_000);
});
