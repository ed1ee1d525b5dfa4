import http from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "~/lib/http/endpoints";
import routes from "~/routes";
import { PROOF_MESSAGES } from "~/features/payments/payment-rules";
import { englishI18n } from "~/lib/i18n/translate";
import { uploadBodyLimit } from "~/domain/upload-kinds";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT, bodyLimitFor as limitOf } from "../../server/body-limit";

const bodyLimitFor = (pathname: string) => limitOf(pathname).bytes;

/**
 * The whole app over HTTP, loaded the way `npm run dev` loads it (Vite, the real route modules), so page routes,
 * resource routes and Express endpoints are all reached through the same middleware as in production.
 */
let vite: ViteDevServer;
let running: { stop(): Promise<void> };
let base: string;
let siteOrigin: string;
let dataDir: string;
const savedEnv = { ...process.env };
const ADMIN = { email: "limits-admin@example.com", password: "Adm1n!Password-long" };

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(tmpdir(), "http-hardening-"));
  base = `http://localhost:${port}`;
  siteOrigin = `http://localhost:${port}`;
  Object.assign(process.env, {
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: siteOrigin,
    E2E_TEST_HOOKS: "1",
    AUTH_RATE_LIMIT_MAX: "10000",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  for (const name of ["DATABASE_URL", "AUTH_SECRET", "TRUST_PROXY"]) delete process.env[name];
  vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: "custom", logLevel: "error" });
  const app = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("../../server/app");
  running = await app.start({ devMiddleware: vite.middlewares });
}, 120_000);

afterAll(async () => {
  await running?.stop();
  await vite?.close();
  process.env = savedEnv;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Sent {
  status?: number;
  body: string;
  /** Bytes the client managed to write before the server answered or closed. */
  sent: number;
}

/** POSTs `total` bytes as a chunked body (no Content-Length), written as fast as the server takes them. */
function postChunked(pathname: string, total: number, headers: Record<string, string> = {}): Promise<Sent> {
  return new Promise((resolve) => {
    const request = http.request(`${base}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream", "transfer-encoding": "chunked", ...headers },
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    let answer: Sent | undefined;
    let settled = false;
    const finish = (result: Sent) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => (body += text));
      response.on("end", () => {
        answer = { status: response.statusCode, body, sent };
        finish(answer);
      });
      response.on("error", () => finish({ status: response.statusCode, body, sent }));
    });
    request.on("error", () => {
      if (answer) finish(answer);
      // The socket may be cut while the 413 is still being read; the response handler settles then.
      setTimeout(() => finish({ status: answer?.status, body: answer?.body ?? "", sent }), 1_000);
    });
    const write = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

/** The paths of the resource routes in app/routes.ts (`routes/resources/*`). */
function resourceRoutePaths(): string[] {
  const found: string[] = [];
  const walk = (entries: readonly { path?: string; file: string; children?: unknown[] }[], prefix: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
      if (entry.file.startsWith("routes/resources/")) found.push(joined || "/");
      if (entry.children) walk(entry.children as never, joined);
    }
  };
  walk(routes as never, "");
  return found;
}

describe("request bodies", () => {
  const MB = 1024 * 1024;
  let cookie = "";
  let adminCookie = "";

  beforeAll(async () => {
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    adminCookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const response = await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin },
      body: JSON.stringify({
        name: "Body Limit",
        email: "body-limit@example.com",
        password: "Str0ng!Passw0rd",
        phone: "(555) 123-4567",
        companyName: "Limits Inc",
      }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
  });

  it("has one table of limits that fits the uploads' sizes, and a small default", () => {
    expect(DEFAULT_BODY_LIMIT).toBe(1 * MB);
    expect(bodyLimitFor("/resources/payments/proof")).toBeGreaterThan(10 * MB);
    expect(bodyLimitFor("/admin/users/abc.data")).toBeGreaterThan(60 * MB);
    // The customer's page takes every upload an admin makes on its tabs: a note's photos, a message's files, a
    // round's files and a delivered file.
    for (const [tab, kinds] of [
      ["notes", ["note-photo"]],
      ["messages", ["message-attachment"]],
      ["google-business", ["approval-file", "delivered-file"]],
      ["website", ["approval-file", "delivered-file"]],
    ] as const) {
      for (const kind of kinds) {
        expect(bodyLimitFor(`/admin/users/abc/${tab}`)).toBeGreaterThanOrEqual(uploadBodyLimit(kind));
        expect(bodyLimitFor(`/admin/users/abc/${tab}.data`)).toBeGreaterThanOrEqual(uploadBodyLimit(kind));
      }
    }
    expect(bodyLimitFor("/admin/users/abc/not-a-tab")).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/dashboard/google-business.data")).toBeGreaterThan(35 * MB);
    expect(bodyLimitFor("/dashboard/website")).toBeGreaterThan(10 * MB);
    expect(bodyLimitFor("/dashboard/profile.data")).toBeGreaterThan(2 * MB);
    expect(bodyLimitFor("/dashboard/profile.data")).toBeLessThan(3 * MB);
    expect(bodyLimitFor("/api/stripe/webhook")).toBe(1 * MB);
    expect(bodyLimitFor("/login")).toBe(DEFAULT_BODY_LIMIT);
    expect(BODY_LIMITS.every((limit) => limit.bytes <= 61 * MB)).toBe(true);
  });

  const FORM = "application/x-www-form-urlencoded";
  const MULTIPART = "multipart/form-data; boundary=----limit";
  // The admin's page takes delivered files (50 MB): pushing that much through a loaded machine takes its time.
  it.each([
    ["a page route (admin's user page)", "/admin/users/00000000-0000-4000-8000-000000000000", FORM],
    ["a page route's single-fetch action", "/admin/users/00000000-0000-4000-8000-000000000000.data", FORM],
    ["a resource route", "/resources/notifications", FORM],
    ["the proof upload (10 MB files)", "/resources/payments/proof", MULTIPART],
    ["an Express endpoint (Better Auth)", "/api/auth/sign-in/email", "application/json"],
    ["the card-provider webhook", "/api/stripe/webhook", "application/json"],
  ])(
    "refuses a chunked body past the limit on %s with 413 and stops reading it",
    async (_name, pathname, type) => {
      // Far more than the limit is offered; the server stops taking it soon after the limit.
      const result = await postChunked(pathname, 256 * MB, {
        origin: siteOrigin,
        cookie: pathname.startsWith("/admin") ? adminCookie : cookie,
        "content-type": type,
      });
      expect(result.status, JSON.stringify(result)).toBe(413);
      const error =
        pathname === "/resources/payments/proof" ? englishI18n()._(PROOF_MESSAGES.tooLarge) : "Request body too large";
      expect(JSON.parse(result.body)).toEqual({ ok: false, error });
      expect(result.sent).toBeLessThan(bodyLimitFor(pathname) + 16 * MB);
    },
    120_000,
  );

  it("closes the connection when a route answers without reading the body, instead of reading it through", async () => {
    // Not signed in: the resource route answers 401 at once.
    const result = await postChunked("/resources/notifications", 256 * MB, {
      origin: siteOrigin,
      "content-type": FORM,
    });
    expect(result.status).toBe(401);
    expect(result.sent).toBeLessThan(32 * MB);
  });

  it("refuses a declared Content-Length past the limit before reading anything", async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${base}/resources/notifications`, {
        method: "POST",
        headers: { "content-length": String(2 * MB), origin: siteOrigin },
      });
      request.on("response", resolve);
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(response.statusCode).toBe(413);
    response.resume();
  });

  it("passes a body within the limit on to the route", async () => {
    const result = await postChunked("/resources/notifications", 64 * 1024, {
      origin: siteOrigin,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(result.status).toBe(401); // the route itself: not signed in
  });
});

describe("cross-site requests", () => {
  const evil = { origin: "https://evil.example" };
  const expressPosts = [
    "/api/auth/sign-in/email",
    "/api/auth/sign-up/email",
    "/api/auth/sign-out",
    "/__test/notifications",
  ];

  async function post(pathname: string, headers: Record<string, string>) {
    return fetch(`${base}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "intent=mark-all-read",
    });
  }

  it("empties the site's browser cache on a sign-out (the pages' data it kept for revalidation)", async () => {
    const response = await fetch(`${base}/api/auth/sign-out`, {
      method: "POST",
      headers: { origin: siteOrigin, "content-type": "application/json" },
      body: "{}",
    });
    expect(response.headers.get("clear-site-data")).toBe('"cache"');
    expect((await post("/api/auth/sign-in/email", { origin: siteOrigin })).headers.get("clear-site-data")).toBeNull();
  });

  it("finds the resource routes of app/routes.ts", () => {
    expect(resourceRoutePaths()).toEqual(
      expect.arrayContaining(["/resources/session", "/resources/notifications", "/resources/payments/proof"]),
    );
  });

  it("refuses a POST from another origin with 403 on every resource route, Express endpoint and page", async () => {
    // The card provider's webhook is the one exception (its own test below).
    const resources = resourceRoutePaths().filter((pathname) => pathname !== ENDPOINTS.cardWebhook);
    expect(resources).toContain(ENDPOINTS.cardCheckout);
    for (const pathname of [...resources, ...expressPosts, "/login", "/dashboard/profile.data"]) {
      const response = await post(pathname, evil);
      expect(response.status, pathname).toBe(403);
      expect(await response.text()).toBe("Cross-site request refused");
      // Without Origin, the browser's Sec-Fetch-Site tells.
      expect((await post(pathname, { "sec-fetch-site": "cross-site" })).status, pathname).toBe(403);
      expect((await post(pathname, { "sec-fetch-site": "same-site" })).status, pathname).toBe(403);
      expect((await post(pathname, { origin: "null" })).status, pathname).toBe(403);
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${base}/resources/notifications`, { method, headers: evil });
      expect(response.status, method).toBe(403);
    }
  });

  it("passes same-origin and header-less (non-browser) requests on to normal handling", async () => {
    const sameOrigin = await post("/resources/notifications", { origin: siteOrigin });
    expect(sameOrigin.status).toBe(401);
    expect(await sameOrigin.json()).toMatchObject({ ok: false });
    expect((await post("/resources/notifications", { "sec-fetch-site": "same-origin" })).status).toBe(401);
    expect((await post("/resources/notifications", {})).status).toBe(401);
    const checkout = await fetch(`${base}/api/create-payment-checkout`, {
      method: "POST",
      headers: { origin: siteOrigin, "content-type": "application/json" },
      body: "{}",
    });
    expect(checkout.status).toBe(401);
  });

  it("lets the card provider's webhook through from anywhere (its signature is checked instead)", async () => {
    const response = await fetch(`${base}/api/stripe/webhook`, { method: "POST", headers: evil, body: "{}" });
    expect(response.status).not.toBe(403);
  });
});

describe("test hooks", () => {
  const hook = (headers: Record<string, string> = {}) =>
    fetch(`${base}/__test/notifications`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: siteOrigin, ...headers },
      body: JSON.stringify({ email: "nobody@example.com", type: "payment", title: "t", message: "m" }),
    });

  it("answer a client on this machine", async () => {
    const response = await hook();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No such user" });
  });

  it("do not exist for a request a proxy forwarded", async () => {
    const forwarded: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
    ];
    for (const headers of forwarded) {
      const response = await hook(headers);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });
});
