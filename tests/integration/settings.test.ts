import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { adminSettings, auditEvents, notifications, payments } from "~db/schema";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { AUTO_APPROVED_NOTE } from "~/features/payments/review/payment-review";
import { reminderSchedule, type ReminderSettings } from "~/domain/admin-settings";
import { REMINDER_DEFAULT_DAYS, REMINDER_KINDS, REMINDER_SETTING_KEYS } from "~/domain/reminder-schedules";
import { getSettings } from "~/features/settings/get-settings.server";
import { getSystemStatus } from "~/features/settings/get-system-status.server";
import { saveNote } from "~/features/notes/save-note.server";
import { notifySystemError, SYSTEM_ERROR_WINDOW_MS } from "~/features/notifications/notify-system-error.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { loadSessionUser } from "~/lib/auth/session.server";
import type { SessionUser } from "~/lib/auth/session";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as portalLoader } from "~/routes/dashboard/layout";
import { customerWritesDuringMaintenance } from "~/lib/auth/maintenance.server";
import { CUSTOMER_HOME } from "~/lib/http/paths";
import { loader as loginLoader } from "~/routes/auth/login";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { action as notificationsAction } from "~/routes/resources/notifications";
import { action as proofAction } from "~/routes/resources/payment-proof";
import {
  behindAdminGuard,
  cookieFrom,
  expectHttpError,
  formPost,
  nextClientIp,
  routeAnswer,
  routeArgs,
  routeContext,
  signIn,
  signUpBody,
  authRequest,
  SITE_URL,
  type SignedIn,
} from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  admin = await app.admin();
  customer = await app.customer();
});

const GENERAL = {
  maintenanceMode: false,
  autoApproveSubmissions: false,
  companyName: "Acme Agency",
  supportEmail: "help@acme.test",
  zelleRecipientName: "",
  messagesReplyTime: "",
  reviewLink: "",
  bookingLink: "",
  assignNewCustomersTo: "",
  companyAddress: "",
  taxId: "",
};
const NOTIFICATIONS = {
  emailNotifications: true,
  pushNotifications: true,
  newUserRegistration: true,
  newSubmission: true,
  profileUpdates: true,
  systemErrors: false,
  newMessage: true,
  newLead: true,
};
const SECURITY = { twoFactor: false, sessionTimeout: true, sessionDurationMinutes: 30, maxLoginAttempts: 5 };

/** The settings page's action as the framework runs it: the admin layout's middleware first. */
async function postSettings(actor: SessionUser | null, fields: [string, string][]) {
  // The tabs' forms post their intent with their section (settings-forms.tsx).
  return behindAdminGuard(
    app.services,
    actor,
    formPost("/admin/settings", [["intent", "save-settings"], ...fields]),
    settingsAction,
  );
}

async function setGeneral(values: Partial<typeof GENERAL>) {
  await saveSettings(app.services, admin.user, { section: "general", values: { ...GENERAL, ...values } });
}

/**
 * A request through the root's Maintenance Mode guard as the framework runs it: "passed" when it reached the route
 * (whose action, when given, then answers), else what the guard answered (a redirect's status and target, or a
 * status and JSON body).
 */
async function throughGuard(args: never, action?: (args: never) => Promise<unknown>): Promise<unknown> {
  let reached = false;
  let answer: unknown;
  const response = (await customerWritesDuringMaintenance(args, async () => {
    reached = true;
    answer = action ? await action(args) : undefined;
    return new Response(null);
  })) as Response;
  if (reached) return action ? routeAnswer(answer) : "passed";
  const location = response.headers.get("location");
  return location ? { status: response.status, location } : { status: response.status, body: await response.json() };
}

/**
 * The portal for this visitor: a change (POST) through the root's Maintenance Mode guard ("passed" or the status it
 * answered with), and whether the layout's loader gives the maintenance page instead of the portal.
 */
async function portalAnswer(user: SessionUser): Promise<{ post: number | "passed"; maintenancePage: boolean }> {
  const args = {
    request: new Request(`${SITE_URL}/dashboard/profile`, { method: "POST" }),
    context: routeContext(app.services, user),
    params: {},
  };
  const answer = await throughGuard(args as never);
  const post = answer === "passed" ? answer : (answer as { status: number }).status;
  const page = (await portalLoader({
    request: new Request(`${SITE_URL}/dashboard/progress`),
    context: routeContext(app.services, user),
    params: {},
  } as never)) as {
    maintenance: unknown;
    notifications: unknown[];
  };
  return { post, maintenancePage: page.maintenance !== null };
}

describe("admin settings: who may read and change them", () => {
  it("gives customers and anonymous visitors nothing", async () => {
    for (const actor of [customer.user, null]) {
      expect(
        await postSettings(actor, [
          ["section", "general"],
          ["companyName", "X"],
          ["supportEmail", "x@x.test"],
          ["maintenanceMode", "on"],
        ]),
      ).toHaveProperty("guardedBy");
    }
    await expectHttpError(
      saveSettings(app.services, customer.user, { section: "general", values: { ...GENERAL, maintenanceMode: true } }),
      403,
    );
    await expectHttpError(saveSettings(app.services, null, { section: "general", values: GENERAL }), 401);
    await expectHttpError(getSettings(app.services, customer.user), 403);
    expect((await app.services.settings.get()).general.maintenanceMode).toBe(false);
    expect(await app.db.select().from(adminSettings)).toEqual([]);
  });

  it("starts from the defaults (the environment's values for session and lockout)", async () => {
    const page = (await settingsLoader({
      request: new Request(`${SITE_URL}/admin/settings`),
      context: routeContext(app.services, admin.user),
      params: {},
    } as never)) as {
      settings: { notifications: unknown; security: unknown };
    };
    expect(page.settings.notifications).toEqual(NOTIFICATIONS);
    expect(page.settings.security).toEqual(SECURITY);
  });

  it("saves a tab: stored, audited with what changed, the cache dropped and the change published to everyone", async () => {
    await app.deliveredChanges();
    const answer = await postSettings(admin.user, [
      ["section", "general"],
      ["companyName", "Acme Agency"],
      ["supportEmail", "help@acme.test"],
    ]);
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    expect((await app.services.settings.get()).general).toEqual(GENERAL);
    expect(await app.deliveredChanges()).toContainEqual({ table: "admin_settings", userId: "*" });
    const [event] = await app.db.select().from(auditEvents).where(eq(auditEvents.action, "settings.update"));
    expect(event).toMatchObject({
      actorId: admin.id,
      customerId: null,
      detail: {
        section: "general",
        changed: { companyName: { to: "Acme Agency" }, supportEmail: { to: "help@acme.test" } },
      },
    });
    // The root loader's help texts use them.
    const { loader: rootLoader } = await import("~/root");
    const root = (await rootLoader({
      request: new Request(SITE_URL),
      context: routeContext(app.services, customer.user),
      params: {},
    } as never)) as { siteConfig: { agencyName: string; email: string } };
    expect(root.siteConfig).toMatchObject({ agencyName: "Acme Agency", email: "help@acme.test" });
  });

  it("refuses numbers out of bounds with clear messages", async () => {
    const security = (duration: string, attempts: string): [string, string][] => [
      ["section", "security"],
      ["sessionTimeout", "on"],
      ["sessionDurationMinutes", duration],
      ["maxLoginAttempts", attempts],
    ];
    expect(await postSettings(admin.user, security("4", "5"))).toEqual({
      status: 400,
      body: { ok: false, error: "Session duration must be a whole number of minutes from 5 to 1440" },
    });
    expect(await postSettings(admin.user, security("1441", "5"))).toMatchObject({ status: 400 });
    expect(await postSettings(admin.user, security("30", "2"))).toEqual({
      status: 400,
      body: { ok: false, error: "Max login attempts must be a whole number from 3 to 20" },
    });
    expect(await postSettings(admin.user, security("30", "21"))).toMatchObject({ status: 400 });
    expect(
      await postSettings(admin.user, [
        ["section", "general"],
        ["companyName", "A"],
        ["supportEmail", "not-an-email"],
      ]),
    ).toEqual({ status: 400, body: { ok: false, error: "Please enter a valid support email" } });
    expect((await app.services.settings.get()).security).toEqual(SECURITY);
  });
});

describe("the Reminders tab", () => {
  /** The tab's form as the browser posts it: the switches left on ("on") and each kind's days as typed. */
  const reminders = (days: Record<string, string>, off: string[] = []): [string, string][] => [
    ["section", "reminders"],
    ...REMINDER_KINDS.flatMap((kind): [string, string][] => {
      const keys = REMINDER_SETTING_KEYS[kind];
      return [
        ...(off.includes(keys.on) ? [] : [[keys.on, "on"] as [string, string]]),
        [keys.days, days[keys.days] ?? REMINDER_DEFAULT_DAYS[kind].join(", ")],
      ];
    }),
  ];

  it("saves each kind's switch and days, stored as lists and read back as such; the audit names only what changed", async () => {
    const answer = await postSettings(
      admin.user,
      reminders({ unpaidSignupDays: "7, 2,2", unreadMessagesDays: "1 4" }, ["secondPaymentOn"]),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const saved = (await app.services.settings.get()).reminders;
    expect(reminderSchedule(saved, "unpaid_signup")).toEqual({ on: true, days: [2, 7] });
    expect(reminderSchedule(saved, "second_payment")).toEqual({ on: false, days: [3, 7, 14] });
    expect(reminderSchedule(saved, "unread_messages")).toEqual({ on: true, days: [1, 4] });
    const [row] = await app.db.select().from(adminSettings);
    expect((row!.values as { reminders: Record<string, unknown> }).reminders).toMatchObject({
      unpaidSignupDays: [2, 7],
      informationFormDays: [2, 5, 10],
      secondPaymentOn: false,
    });
    // The page's loader gives the tab the lists it shows as "2, 7".
    const page = (await settingsLoader({
      request: new Request(`${SITE_URL}/admin/settings`),
      context: routeContext(app.services, admin.user),
      params: {},
    } as never)) as { settings: { reminders: ReminderSettings } };
    expect(page.settings.reminders).toEqual(saved);

    const audits = () =>
      app.db
        .select({ detail: auditEvents.detail })
        .from(auditEvents)
        .where(eq(auditEvents.action, "settings.update"))
        .orderBy(auditEvents.createdAt);
    expect((await audits()).at(-1)?.detail).toEqual({
      section: "reminders",
      // "7, 2,2" is the standard [2, 7]: no change.
      changed: {
        secondPaymentOn: { from: true, to: false },
        unreadMessagesDays: { from: [2], to: [1, 4] },
      },
    });
    // Saved again as it is, nothing changed: the lists are compared by their days, not as two arrays.
    expect(
      await postSettings(
        admin.user,
        reminders({ unpaidSignupDays: "2, 7", unreadMessagesDays: "1, 4" }, ["secondPaymentOn"]),
      ),
    ).toEqual({ status: 200, body: { ok: true } });
    expect((await audits()).at(-1)?.detail).toEqual({ section: "reminders", changed: {} });
  });

  it("refuses days out of bounds, not whole, missing or more than five, and keeps what was saved", async () => {
    const before = (await app.services.settings.get()).reminders;
    for (const days of ["0", "91", "a", "", "1, 2, 3, 4, 5, 6"]) {
      expect(await postSettings(admin.user, reminders({ approvalRoundDays: days })), days).toEqual({
        status: 400,
        body: { ok: false, error: "Reminder days are whole numbers from 1 to 90, separated by commas (at most 5)" },
      });
    }
    expect((await app.services.settings.get()).reminders).toEqual(before);
  });
});

describe("the Database tab", () => {
  it("counts each bucket's real files and bytes, reads the database's size and migrations; admins only", async () => {
    const empty = await getSystemStatus(app.services, admin.user);
    const notesBefore = empty.buckets.find((bucket) => bucket.name === "admin-note-photos")!;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#f0f" } })
      .png()
      .toBuffer();
    await saveNote(app.services, admin.user, {
      userId: customer.id,
      title: "With photos",
      description: "two",
      photos: [new File([new Uint8Array(png)], "a.png"), new File([new Uint8Array(png)], "b.png")],
    });
    const status = await getSystemStatus(app.services, admin.user);
    expect(status.buckets.map((bucket) => bucket.name)).toEqual([
      "avatars",
      "admin-note-photos",
      "business-logos",
      "google-business-photos",
      "message-attachments",
      "job-files",
      "exports",
    ]);
    const notes = status.buckets.find((bucket) => bucket.name === "admin-note-photos")!;
    expect(notes.files).toBe(notesBefore.files + 2);
    expect(notes.bytes).toBeGreaterThan(notesBefore.bytes);
    expect(status.databaseBytes).toBeGreaterThan(0);
    // Every migration in the journal (counted, so a new migration does not break this test).
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    expect(status.migrationsApplied).toBe(journal.entries.length);
    expect(status.migrationsApplied).toBeGreaterThanOrEqual(6);
    expect(status).toMatchObject({
      databaseKind: app.database.url ? "postgres" : "pglite",
      storageKind: "local",
    });
    await expectHttpError(getSystemStatus(app.services, customer.user), 403);
    await expectHttpError(getSystemStatus(app.services, null), 401);
  });
});

describe("each setting's effect", () => {
  it("Maintenance Mode blocks a customer's portal pages, sign-in and sign-up, but not an admin's", async () => {
    await setGeneral({ maintenanceMode: true });
    expect(await portalAnswer(customer.user)).toEqual({ post: 303, maintenancePage: true });
    expect(await portalAnswer(admin.user)).toEqual({ post: "passed", maintenancePage: false });
    const login = (await loginLoader({
      request: new Request(`${SITE_URL}/login`),
      context: routeContext(app.services, null),
      params: {},
    } as never)) as { maintenance: unknown };
    expect(login.maintenance).toEqual({
      maintenance: true,
      supportEmail: "help@acme.test",
      companyName: "Acme Agency",
    });
    const refused = await signIn(app.services, customer.email, customer.password, nextClientIp());
    expect(refused.status).toBe(503);
    expect(cookieFrom(refused)).not.toContain("session_token=");
    const signUp = await authRequest(app.services, "/sign-up/email", signUpBody(), { ip: nextClientIp() });
    expect(signUp.status).toBe(503);
    const adminSignIn = await signIn(app.services, admin.email, admin.password, nextClientIp());
    expect(adminSignIn.status).toBe(200);

    await setGeneral({ maintenanceMode: false });
    expect(await portalAnswer(customer.user)).toEqual({ post: "passed", maintenancePage: false });
    expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(200);
  });

  it("Maintenance Mode: a customer's form goes to the portal's maintenance page, a JSON call gets the refusal in their language, and no action runs; the team goes on", async () => {
    const MAINTENANCE = "The platform is under maintenance. Please try again later.";
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } })
      .png()
      .toBuffer();
    const post = (path: string, cookie: string, body: BodyInit, headers: Record<string, string> = {}) =>
      routeArgs(app.services, path, { method: "POST", headers: { cookie, ...headers }, body });
    const proofForm = () => {
      const form = new FormData();
      form.set("serviceType", "google_business");
      form.set("paymentNumber", "1");
      form.set("proof", new File([png], "proof.png", { type: "image/png" }));
      return form;
    };
    const checkoutBody = JSON.stringify({ serviceType: "google_business", paymentNumber: 1 });
    const json = { "content-type": "application/json" };
    const bell = new URLSearchParams({ intent: "mark-all-read" });

    await setGeneral({ maintenanceMode: true });
    try {
      const proof = await throughGuard(await post(ENDPOINTS.paymentProof, customer.cookie, proofForm()), proofAction);
      expect(proof).toEqual({ status: 303, location: CUSTOMER_HOME });
      expect(await app.db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
      expect(
        await throughGuard(
          await post("/dashboard/profile", customer.cookie, new URLSearchParams({ intent: "personal-info" })),
        ),
      ).toEqual({ status: 303, location: CUSTOMER_HOME });
      expect(await throughGuard(await post(ENDPOINTS.cardCheckout, customer.cookie, checkoutBody, json))).toEqual({
        status: 503,
        body: { ok: false, error: { code: "maintenance", message: MAINTENANCE } },
      });
      // A script that asks for JSON (the payment dialog's promotion code) gets JSON, in the customer's language.
      const quote = await post(
        ENDPOINTS.paymentQuote,
        `${customer.cookie}; lang=es`,
        new URLSearchParams({ promotionCode: "X" }),
        { accept: "application/json" },
      );
      expect(await throughGuard(quote)).toEqual({
        status: 503,
        body: {
          ok: false,
          error: { code: "maintenance", message: "La plataforma está en mantenimiento. Inténtelo de nuevo más tarde." },
        },
      });
      // The display language is still the customer's to switch; reads go on.
      expect(
        await throughGuard(await post("/resources/language", customer.cookie, new URLSearchParams({ language: "es" }))),
      ).toBe("passed");
      expect(
        await throughGuard(
          await routeArgs(app.services, "/dashboard/progress", { headers: { cookie: customer.cookie } }),
        ),
      ).toBe("passed");
      // The account endpoints refuse too (they are Better Auth's, outside the routes).
      const password = { currentPassword: customer.password, newPassword: "An0ther!Password" };
      expect((await authRequest(app.services, "/change-password", password, { cookie: customer.cookie })).status).toBe(
        503,
      );
      expect(
        (await loadSessionUser(app.services.auth, app.db, new Headers({ cookie: customer.cookie }))).user?.id,
      ).toBe(customer.id);

      // The team is not held back.
      expect(
        await throughGuard(await post("/resources/notifications", admin.cookie, bell), notificationsAction),
      ).toEqual({ status: 200, body: { ok: true } });
      const adminPassword = { currentPassword: admin.password, newPassword: admin.password };
      expect(
        (await authRequest(app.services, "/change-password", adminPassword, { cookie: admin.cookie })).status,
      ).toBe(200);
    } finally {
      await setGeneral({ maintenanceMode: false });
    }
    expect(
      await throughGuard(await post("/resources/notifications", customer.cookie, bell), notificationsAction),
    ).toEqual({ status: 200, body: { ok: true } });
    // The refused change changed nothing: the old password still signs in.
    expect((await signIn(app.services, customer.email, customer.password, nextClientIp())).status).toBe(200);
  });

  it("Auto-approve Submissions approves a Zelle proof on receipt, says so in its notes and notifies the customer", async () => {
    await setGeneral({ autoApproveSubmissions: true });
    const payer = await app.customer();
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00f" } })
      .png()
      .toBuffer();
    const proof = new File([new Uint8Array(png)], "proof.png", { type: "image/png" });
    const view = await submitZelleProof(app.services, payer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      proof,
    } as never);
    expect(view.status).toBe("completed");
    const [row] = await app.db.select().from(payments).where(eq(payments.userId, payer.id));
    expect(row).toMatchObject({ status: "completed", adminNotes: AUTO_APPROVED_NOTE });
    const toCustomer = await app.db.select().from(notifications).where(eq(notifications.userId, payer.id));
    expect(toCustomer).toEqual([
      expect.objectContaining({
        type: "payment",
        title: "Payment Approved",
        message: `Your payment for Google Business Profile Setup has been approved. Admin notes: ${AUTO_APPROVED_NOTE}`,
      }),
    ]);
    const audit = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "payment.approve"), eq(auditEvents.customerId, payer.id)));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: null, detail: expect.objectContaining({ auto: true }) }),
    ]);
    await setGeneral({ autoApproveSubmissions: false });
  });

  it("New user registration notifies every admin of a sign-up; turned off, it does not", async () => {
    const adminNotices = async () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "new_user")));
    const before = (await adminNotices()).length;
    await app.customer({ name: "Nora New", companyName: "Nora Nails" } as never);
    const after = await adminNotices();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatchObject({
      title: "New User Registration",
      message: "Nora New from Nora Nails just registered",
    });

    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, newUserRegistration: false },
    });
    await app.customer();
    expect(await adminNotices()).toHaveLength(before + 1);
    // Push Notifications off silences every admin notification, whatever the event's switch says.
    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, pushNotifications: false },
    });
    await app.customer();
    expect(await adminNotices()).toHaveLength(before + 1);
    await saveSettings(app.services, admin.user, { section: "notifications", values: NOTIFICATIONS });
  });

  it("a Max Login Attempts of 3 locks the account on the third failure", async () => {
    await saveSettings(app.services, admin.user, { section: "security", values: { ...SECURITY, maxLoginAttempts: 3 } });
    const target = await app.customer();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await signIn(app.services, target.email, "Wr0ng!Password-x", nextClientIp())).status).toBe(401);
    }
    const locked = await signIn(app.services, target.email, target.password, nextClientIp());
    expect(locked.status).toBe(423);
    await saveSettings(app.services, admin.user, { section: "security", values: SECURITY });
  });

  it("Session Duration is the admins' idle limit at the next request; Session Timeout off lifts it", async () => {
    const other = await app.admin();
    const load = (minutes: number) =>
      loadSessionUser(app.services.auth, app.db, new Headers({ cookie: other.cookie }), {
        now: new Date(Date.now() + minutes * 60_000),
      });
    await saveSettings(app.services, admin.user, {
      section: "security",
      values: { ...SECURITY, sessionTimeout: false },
    });
    expect((await load(45)).user).toMatchObject({ id: other.id });
    await saveSettings(app.services, admin.user, {
      section: "security",
      values: { ...SECURITY, sessionDurationMinutes: 10 },
    });
    expect((await load(45 + 11)).user).toBeNull();
    await saveSettings(app.services, admin.user, { section: "security", values: SECURITY });
  });

  it("System errors tells every admin of a server error, at most once per 10 minutes per kind; off by default", async () => {
    const errorsFor = async () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "system_error")));
    await notifySystemError(app.services, new TypeError("boom while off"));
    expect(await errorsFor()).toEqual([]);
    await saveSettings(app.services, admin.user, {
      section: "notifications",
      values: { ...NOTIFICATIONS, systemErrors: true },
    });
    const now = new Date();
    await notifySystemError(app.services, new TypeError("first"), now);
    await notifySystemError(app.services, new TypeError("second, same kind"), new Date(now.getTime() + 60_000));
    await notifySystemError(app.services, new RangeError("another kind"), now);
    expect((await errorsFor()).map((row) => row.message).sort()).toEqual([
      "A server error occurred (RangeError): another kind",
      "A server error occurred (TypeError): first",
    ]);
    await notifySystemError(
      app.services,
      new TypeError("after the window"),
      new Date(now.getTime() + SYSTEM_ERROR_WINDOW_MS + 1000),
    );
    expect(await errorsFor()).toHaveLength(3);
    // Through the framework's error hook, as a failing loader reports it.
    const { handleError } = await import("~/entry.server");
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new SyntaxError("from a loader"), {
      request: new Request(SITE_URL),
      params: {},
      context: routeContext(app.services, null),
    } as never);
    quiet.mockRestore();
    await vi.waitFor(async () =>
      expect((await errorsFor()).map((row) => row.message)).toContain(
        "A server error occurred (SyntaxError): from a loader",
      ),
    );
    await saveSettings(app.services, admin.user, { section: "notifications", values: NOTIFICATIONS });
  });

  it("keeps its own row id: a second row cannot exist", async () => {
    await expect(app.db.insert(adminSettings).values({ id: randomUUID(), values: {} })).rejects.toThrow();
  });
});
