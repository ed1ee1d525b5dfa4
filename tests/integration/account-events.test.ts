import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, verification } from "~db/schema";
import { activityQuery, listActivity } from "~/features/activity/list-activity.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import {
  authRequest,
  cookieFrom,
  makeAdmin,
  signIn,
  signUpCustomer,
  testDatabase,
  testServices,
  uniqueEmail,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "./support";

// Account security on the record: every sign-in (and how it ended), lockouts, password changes and resets, ended
// sessions, each with the account, the outcome and the client's address, and readable in the activity log.

let database: TestDatabase;
let services: TestServices;
let admin: SignedIn;

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
  admin = await makeAdmin(services);
});

afterAll(async () => {
  await services?.close();
  await database?.close();
});

/** The account's events of one kind, oldest first. */
async function eventsOf(actorId: string | null, action: string) {
  const rows = await database.db
    .select()
    .from(auditEvents)
    .where(and(actorId ? eq(auditEvents.actorId, actorId) : undefined, eq(auditEvents.action, action)))
    .orderBy(auditEvents.createdAt);
  return rows.map((row) => ({ actorId: row.actorId, customerId: row.customerId, detail: row.detail }));
}

describe("account-security events", () => {
  it("records sign-ins that succeed, fail and meet a lock, and the lockout itself, with the client's address", async () => {
    const customer = await signUpCustomer(services);
    expect((await signIn(services, customer.email, customer.password, "198.51.100.1")).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn(services, customer.email, "Wr0ng!Password-x", "198.51.100.2")).status).toBe(401);
    expect((await signIn(services, customer.email, customer.password, "198.51.100.3")).status).toBeGreaterThanOrEqual(400);

    const signIns = await eventsOf(customer.id, "account.sign-in");
    expect(signIns.map((event) => [event.detail.outcome, event.detail.ip])).toEqual([
      ["success", "198.51.100.1"],
      ...Array.from({ length: 5 }, () => ["failure", "198.51.100.2"]),
      ["locked", "198.51.100.3"],
    ]);
    // Filed under the customer, and the account's own e-mail is not repeated in the detail.
    expect(signIns.every((event) => event.customerId === customer.id && !("email" in event.detail))).toBe(true);
    expect(await eventsOf(customer.id, "account.lockout")).toEqual([{ actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.2" } }]);
  });

  it("keeps the address typed when no account has it", async () => {
    const nobody = uniqueEmail("nobody");
    expect((await signIn(services, nobody, "Wr0ng!Password-x", "198.51.100.9")).status).toBe(401);
    const rows = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "account.sign-in")).orderBy(desc(auditEvents.createdAt)).limit(1);
    expect(rows[0]).toMatchObject({ actorId: null, customerId: null, detail: { outcome: "failure", email: nobody, ip: "198.51.100.9" } });
  });

  it("records a password change, a password reset and ended sessions; an admin's are not filed under a customer", async () => {
    const customer = await signUpCustomer(services);
    const changed = await authRequest(services, "/change-password", { currentPassword: customer.password, newPassword: "Chang3d!Password-x" }, { cookie: customer.cookie, ip: "198.51.100.4" });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await eventsOf(customer.id, "account.password-change")).toEqual([{ actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.4" } }]);

    expect((await authRequest(services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    const [pending] = await database.db.select().from(verification).where(and(eq(verification.value, customer.id), like(verification.identifier, "reset-password:%")));
    const token = pending!.identifier.slice("reset-password:".length);
    const reset = await authRequest(services, "/reset-password", { token, newPassword: "Res3t!Password-xy" }, { ip: "198.51.100.5" });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await eventsOf(customer.id, "account.password-reset")).toEqual([{ actorId: customer.id, customerId: customer.id, detail: { ip: "198.51.100.5" } }]);

    const session = cookieFrom(await signIn(services, admin.email, admin.password));
    expect((await authRequest(services, "/revoke-other-sessions", {}, { cookie: session, ip: "198.51.100.6" })).status).toBe(200);
    expect(await eventsOf(admin.id, "session.revoke")).toEqual([{ actorId: admin.id, customerId: null, detail: { scope: "others", ip: "198.51.100.6" } }]);
  });

  it("shows them in the activity log, filterable by kind, in the reader's language", async () => {
    const query = activityQuery(new URLSearchParams({ kind: "account.lockout" }));
    expect(query.action).toBe("account.lockout");
    const english = await listActivity({ db: database.db }, admin.user, query, (message) => i18nFor("en")._(message));
    expect(english.total).toBeGreaterThan(0);
    expect(english.events.every((event) => event.action === "account.lockout")).toBe(true);
    expect(english.events[0]!.summary).toBe("from 198.51.100.2");
    expect(english.actions).toContain("account.sign-in");

    const failures = await listActivity({ db: database.db }, admin.user, activityQuery(new URLSearchParams({ kind: "account.sign-in" })), (message) => i18nFor("es")._(message));
    expect(failures.events.map((event) => event.summary)).toContain("rechazado (cuenta bloqueada) desde 198.51.100.3");
  });
});
