import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { user, userRoles } from "~db/schema";
import { openDatabase } from "~/lib/db/db.server";
import { StartupError } from "~/lib/config/startup-error";
import { KEEP_ALIVE_TIMEOUT_MS, start } from "../../server/app";
import { cookieFrom, signUpBody } from "./support";

/**
 * The whole start-up (settings, database, migrations, ensureAdmin), as `npm start` runs it, against a data
 * folder of its own: a visitor who registered the future admin address first must not become admin.
 */
let dataDir: string;
let port: number;
const saved = { ...process.env };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function settings(extra: Record<string, string>) {
  for (const key of [
    "ADMIN_EMAIL",
    "ADMIN_PASSWORD",
    "ADMIN_PROMOTE_EXISTING",
    "DATABASE_URL",
    "AUTH_SECRET",
    "TRUST_PROXY",
  ]) {
    delete process.env[key];
  }
  Object.assign(process.env, {
    NODE_ENV: "test",
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    ...extra,
  });
}

const base = () => `http://127.0.0.1:${port}`;
const post = (endpoint: string, body: unknown, cookie?: string) =>
  fetch(`${base()}/api/auth${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base(), ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const sessionOf = async (cookie: string) =>
  (
    (await (await fetch(`${base()}/api/auth/get-session`, { headers: { cookie } })).json()) as {
      user?: { email: string };
    } | null
  )?.user ?? null;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-start-up-"));
  port = await freePort();
});

afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the start-up admin", () => {
  const adminEmail = "owner@example.com";
  const adminPassword = "Owner!Chosen-pass1";
  let squatterCookie = "";

  it("refuses to start when ADMIN_EMAIL belongs to an existing customer, naming ADMIN_PROMOTE_EXISTING", async () => {
    settings({});
    const first = await start();
    try {
      // Not about the admin, but a real start(): idle keep-alive connections outlast a load balancer's.
      expect(first.server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
      expect(first.server.headersTimeout).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS);
      const response = await post("/sign-up/email", signUpBody({ email: adminEmail }));
      expect(response.status, await response.clone().text()).toBe(200);
      squatterCookie = cookieFrom(response);
      expect(await sessionOf(squatterCookie)).toMatchObject({ email: adminEmail });
    } finally {
      await first.stop();
    }

    settings({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword });
    const error = await start().then(
      async (running) => {
        await running.stop();
        return undefined;
      },
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain("ADMIN_PROMOTE_EXISTING");
  });

  it("with ADMIN_PROMOTE_EXISTING=1 promotes the account and ends the visitor's sessions", async () => {
    settings({ ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: adminPassword, ADMIN_PROMOTE_EXISTING: "1" });
    const running = await start();
    try {
      expect(await sessionOf(squatterCookie)).toBeNull();
      const signIn = await post("/sign-in/email", { email: adminEmail, password: adminPassword });
      expect(signIn.status).toBe(200);
      expect(await sessionOf(cookieFrom(signIn))).toMatchObject({ email: adminEmail });
    } finally {
      await running.stop();
    }
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const roles = await database.db
        .select({ role: userRoles.role })
        .from(userRoles)
        .innerJoin(user, eq(user.id, userRoles.userId))
        .where(eq(user.email, adminEmail));
      expect(roles).toEqual([{ role: "admin" }]);
    } finally {
      await database.close();
    }
  });
});
