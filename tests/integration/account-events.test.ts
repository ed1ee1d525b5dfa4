import { and, desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, notifications, verification } from "~db/schema";
import { pendingSignInDelayMs, signInDelayMs } from "~/lib/auth/sign-in-lockout.server";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { authRequest, cookieFrom, nextClientIp, signIn, uniqueEmail, type SignedIn } from "./support";
import { testApp } from "./test-app";

// Account security on the record: every sign-in (and how it ended), lockouts, password changes and resets, ended
// sessions, each with the account, the outcome and the client's address, and readable in the activity log.

const app = testApp();
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
});

/** The account's events of one kind, oldest first. */
async function eventsOf(actorId: string | null, action: string) {
  const rows = await app.db
    .select()
    .from(auditEvents)
    .where(and(actorId ? eq(auditEvents.actorId, actorId) : undefined, eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt);
  return rows.map((row) => ({ actorId: row.actorId, customerId: row.customerId, detail: row.detail }));
}

describe("account-security events", () => {
  it("records sign-ins that succeed, fail and meet a lock, and the lockout itself, with the client's address", async () => {
    const customer = await app.customer();
    expect((await signIn(app.services, customer.email, customer.password, "198.51.100.1")).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await signIn(app.services, customer.email, "Wr0ng!Password-x", "198.51.100.2")).status).toBe(401);
    expect(
      (await signIn(app.services, customer.email, customer.password, "198.51.100.3")).status,
    ).toBeGreaterThanOrEqual(400);

    const signIns = await eventsOf(customer.id, "account.sign-in");
    expect(signIns.map((event) => [event.detail.outcome, event.detail.ip])).toEqual([
      ["success", "198.51.100.1"],
      ...Array.from({ length: 5 }, () => ["failure", "198.51.100.2"]),
      ["locked", "198.51.100.3"],
    ]);
    // Filed under the customer, and the account's own e-mail is not repeated in the detail.
    expect(signIns.every((event) => event.customerId === customer.id && !("email" in event.detail))).toBe(true);
    expect(await eventsOf(customer.id, "account.lockout")).toEqual([
      { actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.2" } },
    ]);
  });

  it("keeps the address typed when no account has it", async () => {
    const nobody = uniqueEmail("nobody");
    expect((await signIn(app.services, nobody, "Wr0ng!Password-x", "198.51.100.9")).status).toBe(401);
    const rows = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "account.sign-in"))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(rows[0]).toMatchObject({
      actorId: null,
      customerId: null,
      detail: { outcome: "failure", email: nobody, ip: "198.51.100.9" },
    });
  });

  it("records a password change, a password reset and ended sessions; an admin's are not filed under a customer", async () => {
    const customer = await app.customer();
    const changed = await authRequest(
      app.services,
      "/change-password",
      { currentPassword: customer.password, newPassword: "Chang3d!Password-x" },
      { cookie: customer.cookie, ip: "198.51.100.4" },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await eventsOf(customer.id, "account.password-change")).toEqual([
      { actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.4" } },
    ]);

    expect((await authRequest(app.services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    const [pending] = await app.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, customer.id), like(verification.identifier, "reset-password:%")));
    const token = pending!.identifier.slice("reset-password:".length);
    const reset = await authRequest(
      app.services,
      "/reset-password",
      { token, newPassword: "Res3t!Password-xy" },
      { ip: "198.51.100.5" },
    );
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await eventsOf(customer.id, "account.password-reset")).toEqual([
      { actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.5" } },
    ]);

    const session = cookieFrom(await signIn(app.services, admin.email, admin.password));
    expect(
      (await authRequest(app.services, "/revoke-other-sessions", {}, { cookie: session, ip: "198.51.100.6" })).status,
    ).toBe(200);
    expect(await eventsOf(admin.id, "session.revoke")).toEqual([
      { actorId: admin.id, customerId: null, detail: { scope: "others", ip: "198.51.100.6" } },
    ]);
  });

  it("shows them in the activity log, filterable by kind, in the reader's language", async () => {
    const query = activityQuery(new URLSearchParams({ kind: "account.lockout" }));
    expect(query.action).toBe("account.lockout");
    const english = await listActivity(app.services, admin.user, query, (message) => i18nFor("en")._(message));
    expect(english.total).toBeGreaterThan(0);
    expect(english.events.every((event) => event.action === "account.lockout")).toBe(true);
    expect(english.events[0]!.summary).toBe("from 198.51.100.2");
    expect(english.actions).toContain("account.sign-in");

    const failures = await listActivity(
      app.services,
      admin.user,
      activityQuery(new URLSearchParams({ kind: "account.sign-in" })),
      (message) => i18nFor("es")._(message),
    );
    expect(failures.events.map((event) => event.summary)).toContain("rechazado (cuenta bloqueada) desde 198.51.100.3");
  });
});

/** The device cookie a successful sign-in set (the session's own cookies left out). */
function deviceCookieOf(response: Response): string {
  const device = cookieFrom(response)
    .split("; ")
    .find((pair) => pair.startsWith("device_"));
  expect(device, "a device cookie").toBeTruthy();
  return device!;
}

/** Five failures, each from an address of its own (no growing wait), locking the account for unknown browsers. */
async function lock(email: string, cookie?: string) {
  for (let i = 0; i < 5; i++) {
    const failed = await authRequest(
      app.services,
      "/sign-in/email",
      { email, password: "Wr0ng!Password-x" },
      { ip: nextClientIp(), cookie },
    );
    expect(failed.status).toBe(401);
  }
}

describe("trusted devices and the lock", () => {
  it("lets a browser that signed in to the account before through a lock, while an unknown one is refused", async () => {
    const customer = await app.customer();
    const signedIn = await signIn(app.services, customer.email, customer.password, nextClientIp());
    const device = deviceCookieOf(signedIn);
    expect(signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith("device_"))).toMatch(/HttpOnly/i);

    await lock(customer.email);
    expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(423);
    const trusted = await authRequest(
      app.services,
      "/sign-in/email",
      { email: customer.email, password: customer.password },
      { ip: nextClientIp(), cookie: device },
    );
    expect(trusted.status, await trusted.clone().text()).toBe(200);
    // Another account's device cookie is no key to this one.
    const other = await app.customer();
    const otherDevice = deviceCookieOf(await signIn(app.services, other.email, other.password, nextClientIp()));
    const borrowed = await authRequest(
      app.services,
      "/sign-in/email",
      { email: customer.email, password: customer.password },
      { ip: nextClientIp(), cookie: otherDevice },
    );
    expect(borrowed.status).toBe(423);
  });

  it("counts a trusted device's failures against the device, which loses its trust past the limit", async () => {
    const customer = await app.customer();
    const device = deviceCookieOf(await signIn(app.services, customer.email, customer.password, nextClientIp()));
    // The device's own failures do not lock the account for everyone else...
    await lock(customer.email, device);
    expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(200);
    // ...but the device is no longer trusted: with the account locked by others, it is refused too.
    await lock(customer.email);
    const distrusted = await authRequest(
      app.services,
      "/sign-in/email",
      { email: customer.email, password: customer.password },
      { ip: nextClientIp(), cookie: device },
    );
    expect(distrusted.status).toBe(423);
  });

  it("makes each failure from one address wait longer before the next attempt at the account", async () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(signInDelayMs)).toEqual([0, 125, 250, 500, 1000, 2000, 2000]);
    const customer = await app.customer();
    const address = nextClientIp();
    for (let i = 0; i < 3; i++) await signIn(app.services, customer.email, "Wr0ng!Password-x", address);
    const { lockout } = await app.services.settings.policies();
    expect(await pendingSignInDelayMs(app.db, lockout, customer.email, address)).toBe(500);
    // Another address is not slowed by them.
    expect(await pendingSignInDelayMs(app.db, lockout, customer.email, nextClientIp())).toBe(0);
    const started = performance.now();
    expect((await signIn(app.services, customer.email, customer.password, address)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    // A success starts the count over.
    expect(await pendingSignInDelayMs(app.db, lockout, customer.email, address)).toBe(0);
  });

  it("tells every other admin when an admin account is locked, whatever the notification switches", async () => {
    const target = await app.admin();
    const colleague = await app.admin();
    await lock(target.email);
    const alerts = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "security")));
    expect(alerts.filter((row) => row.userId === colleague.id).map((row) => row.title)).toEqual([
      "Admin account locked",
    ]);
    expect(alerts.some((row) => row.userId === target.id)).toBe(false);
    expect(alerts.find((row) => row.userId === colleague.id)?.message).toContain(target.email);
  });
});
