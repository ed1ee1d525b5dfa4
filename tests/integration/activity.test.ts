import { describe, expect, it, beforeAll } from "vitest";
import { listActivity, activityQuery } from "~/features/activity/list-activity.server";
import { saveNote } from "~/features/notes/save-note.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { loader as activityLoader } from "~/routes/admin/activity";
import type { SessionUser } from "~/lib/auth/session";
import { behindAdminGuard, expectHttpError, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
});

const all = activityQuery(new URLSearchParams());

/** The page's loader as the framework runs it: the admin layout's middleware first. */
async function loadPage(actor: SessionUser | null, search = "") {
  const answer = await behindAdminGuard(
    app.services,
    actor,
    new Request(`${SITE_URL}/admin/activity${search}`),
    activityLoader,
  );
  return "guardedBy" in answer ? answer : (answer.body as { log: Awaited<ReturnType<typeof listActivity>> });
}

describe("the activity log", () => {
  it("gives customers and anonymous visitors nothing", async () => {
    expect(await loadPage(customerA.user)).toHaveProperty("guardedBy");
    expect(await loadPage(null)).toHaveProperty("guardedBy");
    await expectHttpError(listActivity(app.services, customerA.user, all), 403);
    await expectHttpError(listActivity(app.services, null, all), 401);
  });

  it("lists who did what to whom, newest first, filtered by admin, customer and kind, 25 a page", async () => {
    await saveNote(app.services, admin.user, { userId: customerA.id, title: "Call notes", description: "d" });
    await saveSettings(app.services, admin.user, {
      section: "security",
      values: { twoFactor: false, sessionTimeout: true, sessionDurationMinutes: 40, maxLoginAttempts: 5 },
    });
    const page = await loadPage(admin.user);
    if ("guardedBy" in page) throw new Error("guarded");
    const [settingsEvent, noteEvent] = page.log.events;
    expect(settingsEvent).toMatchObject({
      action: "settings.update",
      actor: { id: admin.id },
      customer: null,
      summary: "Security settings: Session Duration (minutes)",
    });
    expect(noteEvent).toMatchObject({
      action: "note.create",
      actor: { id: admin.id },
      customer: { id: customerA.id, name: "Ana Ruiz" },
      summary: "Call notes",
    });

    for (let index = 0; index < 30; index += 1) {
      await recordAuditEvent(app.db, {
        actorId: admin.id,
        action: "progress.toggle",
        customerId: customerB.id,
        detail: { service: "website", step: "design", done: true },
      });
    }
    const first = await loadPage(admin.user, `?customer=${customerB.id}`);
    if ("guardedBy" in first) throw new Error("guarded");
    expect(first.log).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.log.events).toHaveLength(25);
    expect(first.log.events.every((event) => event.customer?.id === customerB.id)).toBe(true);
    const second = await loadPage(admin.user, `?customer=${customerB.id}&page=2`);
    if ("guardedBy" in second) throw new Error("guarded");
    expect(second.log.events).toHaveLength(5);

    const notes = await loadPage(admin.user, `?kind=note.create&admin=${admin.id}`);
    if ("guardedBy" in notes) throw new Error("guarded");
    expect(notes.log.events.map((event) => event.action)).toEqual(["note.create"]);
    expect(notes.log.customers.map((customer) => customer.name)).toEqual(["Ana Ruiz", "Blair Banks"]);
    // Unreadable filters are dropped, not trusted.
    expect(activityQuery(new URLSearchParams("admin=x'--&kind=drop&page=-3"))).toEqual({
      adminId: null,
      customerId: null,
      action: null,
      page: 1,
    });
  });
});
