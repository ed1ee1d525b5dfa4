import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session as sessions, user as users, verification } from "~db/schema";
import { loginErrorMessage } from "~/features/auth/auth-refusals";
import type { AuthError } from "~/lib/auth/auth-api";
import { loadSessionUser } from "~/lib/auth/session.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import {
  authRequest,
  cookieFrom,
  nextClientIp,
  sessionUserFor,
  signIn,
  signUpCustomer,
  SITE_URL,
  testServices,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The session row behind a Cookie header (the token is the cookie value before its signature). */
async function sessionRow(cookie: string) {
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!).split(".")[0]!;
  const [row] = await app.db.select().from(sessions).where(eq(sessions.token, token));
  return row;
}

/** Reads the session the way every request does, at a chosen time. */
async function loadAt(cookie: string, createdPlus: number, base?: Date) {
  const row = await sessionRow(cookie);
  const start = base ?? row?.createdAt ?? new Date();
  return loadSessionUser(app.services.auth, app.db, new Headers({ cookie }), {
    now: new Date(start.getTime() + createdPlus),
  });
}

describe("session limits", () => {
  it("ends a customer session unused for 7 days: revoked, signed out, and the cookie cleared", async () => {
    const customer = await app.customer();
    const row = await sessionRow(customer.cookie);
    expect((await loadAt(customer.cookie, 7 * DAY - MINUTE, row!.createdAt)).user).toMatchObject({ id: customer.id });
    // Used just now (above): another 7 days from here is still fine, 7 days and a minute is not.
    const used = (await sessionRow(customer.cookie))!.updatedAt;
    expect(used.getTime()).toBe(row!.createdAt.getTime() + 7 * DAY - MINUTE);
    const expired = await loadAt(customer.cookie, 7 * DAY + MINUTE, used);
    expect(expired.user).toBeNull();
    expect(expired.setCookies.join("\n")).toMatch(/session_token=; Max-Age=0/);
    expect(await sessionRow(customer.cookie)).toBeUndefined();
    // Revoked for real: even at the real time now, the cookie no longer signs anyone in.
    expect(await sessionUserFor(app.services, customer.cookie)).toBeNull();
  });

  it("ends a customer session 30 days after sign-in however active it is", async () => {
    const customer = await app.customer();
    const createdAt = (await sessionRow(customer.cookie))!.createdAt;
    for (const day of [6, 12, 18, 24, 29]) {
      expect((await loadAt(customer.cookie, day * DAY, createdAt)).user, `day ${day}`).not.toBeNull();
    }
    expect((await loadAt(customer.cookie, 30 * DAY, createdAt)).user).toBeNull();
    expect(await sessionRow(customer.cookie)).toBeUndefined();
  });

  it("ends an admin session after 30 idle minutes", async () => {
    const admin = await app.admin();
    const row = (await sessionRow(admin.cookie))!;
    // Better Auth's own expiry says the same from the start, so its endpoints refuse the session too.
    expect(row.expiresAt.getTime()).toBe(row.createdAt.getTime() + 30 * MINUTE);
    expect((await loadAt(admin.cookie, 29 * MINUTE, row.createdAt)).user).toMatchObject({ isAdmin: true });
    const touched = (await sessionRow(admin.cookie))!;
    expect(touched.expiresAt.getTime()).toBe(row.createdAt.getTime() + 59 * MINUTE);
    expect((await loadAt(admin.cookie, 30 * MINUTE, touched.updatedAt)).user).toBeNull();
    expect(await sessionUserFor(app.services, admin.cookie)).toBeNull();
  });

  it("ends an admin session 12 hours after sign-in however active it is", async () => {
    const admin = await app.admin();
    const createdAt = (await sessionRow(admin.cookie))!.createdAt;
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      expect((await loadAt(admin.cookie, minutes * MINUTE, createdAt)).user, `${minutes} minutes`).not.toBeNull();
    }
    expect((await loadAt(admin.cookie, 12 * HOUR, createdAt)).user).toBeNull();
  });

  it("takes its limits from the settings", async () => {
    const short = await testServices(app.database, { CUSTOMER_SESSION_IDLE_DAYS: "1", CUSTOMER_SESSION_MAX_DAYS: "2" });
    try {
      const customer = await signUpCustomer(short);
      const createdAt = (await sessionRow(customer.cookie))!.createdAt;
      const load = (after: number) =>
        loadSessionUser(short.auth, short.database.db, new Headers({ cookie: customer.cookie }), {
          now: new Date(createdAt.getTime() + after),
        });
      expect((await load(DAY - MINUTE)).user).not.toBeNull();
      expect((await load(2 * DAY - 2 * MINUTE)).user).not.toBeNull();
      expect((await load(2 * DAY)).user).toBeNull();
    } finally {
      await short.close();
    }
  });
});

describe("session limits at the auth endpoints", () => {
  it("gives a session past its limits nothing there either: no session, no change to the account, and it is gone", async () => {
    const customer = await app.customer({ name: "Idle Ida" });
    const longAgo = new Date(Date.now() - 8 * DAY);
    await app.db
      .update(sessions)
      .set({ updatedAt: longAgo, createdAt: longAgo })
      .where(eq(sessions.userId, customer.id));
    const session = await app.services.auth.handler(
      new Request(`${SITE_URL}/api/auth/get-session`, { headers: { cookie: customer.cookie } }),
    );
    expect(session.status).toBe(200);
    expect(await session.json()).toBeNull();
    expect(await sessionRow(customer.cookie)).toBeUndefined();

    const changed = await authRequest(
      app.services,
      "/change-password",
      { currentPassword: customer.password, newPassword: "An0ther!Passw0rd-x" },
      { cookie: customer.cookie },
    );
    expect(changed.status).toBe(401);
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(200);
  });
});

describe("sessions ended through Better Auth", () => {
  /** The `session` changes published while `work` runs (the account's live streams check their own session on one). */
  async function sessionChanges(work: () => Promise<void>): Promise<string[]> {
    await app.deliveredChanges();
    await work();
    return (await app.deliveredChanges()).filter((change) => change.table === "session").map((change) => change.userId);
  }

  const secondSession = async (customer: { email: string; password: string }) =>
    cookieFrom(await signIn(app.services, customer.email, customer.password, nextClientIp()));

  it("tell the account's live streams, whichever way they ended", async () => {
    const customer = await app.customer();
    const post = (path: string, body: unknown, cookie = customer.cookie) =>
      sessionChanges(async () => {
        const answer = await authRequest(app.services, path, body, { cookie });
        expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
      });

    expect(await post("/sign-out", {}, await secondSession(customer))).toEqual([customer.id]);
    const other = await secondSession(customer);
    expect(await post("/revoke-session", { token: (await sessionRow(other))!.token })).toEqual([customer.id]);
    await secondSession(customer);
    expect(await post("/revoke-other-sessions", {})).toEqual([customer.id]);

    const password = "Chang3d!Password-1";
    const changed = await sessionChanges(async () => {
      const answer = await authRequest(
        app.services,
        "/change-password",
        { currentPassword: customer.password, newPassword: password },
        { cookie: customer.cookie },
      );
      expect(answer.status).toBe(200);
      customer.cookie = cookieFrom(answer);
    });
    expect(changed).toEqual([customer.id]);
    customer.password = password;

    expect((await authRequest(app.services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    const [reset] = await app.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(eq(verification.value, customer.id));
    const token = reset!.identifier.replace(/^reset-password:/, "");
    expect(await post("/reset-password", { token, newPassword: "Res3t!Password-22" }, "")).toEqual([customer.id]);

    const last = await app.customer();
    expect(await post("/revoke-sessions", {}, last.cookie)).toEqual([last.id]);
  });

  it("a request that ends nothing tells nobody", async () => {
    const customer = await app.customer();
    const refused = await sessionChanges(async () => {
      const answer = await authRequest(
        app.services,
        "/change-password",
        { currentPassword: "Wr0ng!Password-x", newPassword: "Chang3d!Password-1" },
        { cookie: customer.cookie },
      );
      expect(answer.status).toBe(400);
    });
    expect(refused).toEqual([]);
    expect(await sessionChanges(async () => void (await authRequest(app.services, "/sign-out", {})))).toEqual([]);
  });
});

describe("sign-in lockout", () => {
  const failFrom = async (email: string, times: number) => {
    for (let attempt = 1; attempt <= times; attempt++) {
      // A new address each time: the lock is per account, not per address.
      const response = await signIn(app.services, email, "Wr0ng!Password", nextClientIp());
      expect(response.status, `failure ${attempt}`).toBe(401);
    }
  };

  it("locks the account after 5 failed sign-ins from any addresses, even for the right password", async () => {
    const customer = await app.customer();
    await failFrom(customer.email.toUpperCase(), 5);
    const locked = await signIn(app.services, customer.email, customer.password, nextClientIp());
    expect(locked.status).toBe(423);
    expect(await locked.json()).toEqual({
      code: "ACCOUNT_LOCKED",
      message: "Too many failed sign-ins: this account is locked for 15 minutes. Please try again later.",
      values: { minutes: 15 },
    });
    expect(cookieFrom(locked)).not.toContain("session_token=");
    // Sessions that already exist are not the attacker's: they go on.
    expect(await sessionUserFor(app.services, customer.cookie)).toMatchObject({ id: customer.id });
  });

  it("a locked-out Spanish customer reads the lockout in Spanish, with the lock's minutes", async () => {
    const customer = await app.customer();
    await app.db.update(users).set({ language: "es" }).where(eq(users.id, customer.id));
    await failFrom(customer.email, 5);
    const locked = await signIn(app.services, customer.email, customer.password, nextClientIp());
    // The answer says what happened by its code and carries the lock's length as data, for the page to word.
    const refusal = { ...((await locked.json()) as Omit<AuthError, "status">), status: locked.status };
    expect(refusal).toMatchObject({ status: 423, code: "ACCOUNT_LOCKED", values: { minutes: 15 } });
    // The login page (the customer's and the admin's) words it in its own language.
    expect(loginErrorMessage(refusal, i18nFor("es"))).toBe(
      "Demasiados intentos fallidos: esta cuenta está bloqueada durante 15 minutos. Vuelva a intentarlo más tarde.",
    );
  });

  it("unlocks 15 minutes after the failure that locked it", async () => {
    const customer = await app.customer();
    await failFrom(customer.email, 5);
    app.clock.advance(14 * MINUTE);
    try {
      expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(423);
      // 15 minutes and a second after.
      app.clock.advance(MINUTE + 1000);
      expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(200);
    } finally {
      app.clock.reset();
    }
  });

  it("a successful sign-in clears the failures before it", async () => {
    const customer = await app.customer();
    await failFrom(customer.email, 4);
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(200);
    await failFrom(customer.email, 4);
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(200);
  });
});

describe("changing a password", () => {
  it("ends the account's other sessions even when the client asks to keep them", async () => {
    const customer = await app.customer();
    const other = cookieFrom(await signIn(app.services, customer.email, customer.password));
    expect(await sessionUserFor(app.services, other)).not.toBeNull();
    const response = await authRequest(
      app.services,
      "/change-password",
      { currentPassword: customer.password, newPassword: "N3w!Password-long", revokeOtherSessions: false },
      { cookie: customer.cookie },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await sessionUserFor(app.services, other)).toBeNull();
    // The device that changed it stays signed in, on a fresh session.
    expect(await sessionUserFor(app.services, cookieFrom(response))).toMatchObject({ id: customer.id });
  });
});

describe("Better Auth's origin check", () => {
  const signInWithOrigin = (email: string, password: string, origin: string, cookie?: string) =>
    app.services.auth.handler(
      new Request(`${SITE_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin,
          "x-client-ip": nextClientIp(),
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ email, password }),
      }),
    );

  it("refuses a sign-in posted from a foreign origin and accepts one from the site", async () => {
    const customer = await app.customer();
    const foreign = await signInWithOrigin(customer.email, customer.password, "https://evil.example");
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as { code: string }).code).toBe("INVALID_ORIGIN");
    expect(cookieFrom(foreign)).not.toContain("session_token=");

    const withCookie = await signInWithOrigin(
      customer.email,
      customer.password,
      "https://evil.example",
      customer.cookie,
    );
    expect(withCookie.status).toBe(403);

    const own = await signInWithOrigin(customer.email, customer.password, SITE_URL);
    expect(own.status).toBe(200);
    expect(cookieFrom(own)).toContain("session_token=");
  });

  it("refuses a password change posted from a foreign origin with the victim's cookie", async () => {
    const customer = await app.customer();
    const response = await app.services.auth.handler(
      new Request(`${SITE_URL}/api/auth/change-password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example", cookie: customer.cookie },
        body: JSON.stringify({ currentPassword: customer.password, newPassword: "Ev1l!Password-long" }),
      }),
    );
    expect(response.status).toBe(403);
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(200);
  });
});
