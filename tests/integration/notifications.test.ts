import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { notifications } from "~db/schema";
import { listNotifications } from "~/features/notifications/list-notifications.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { markAllNotificationsRead } from "~/features/notifications/mark-all-notifications-read.server";
import { markNotificationRead } from "~/features/notifications/mark-notification-read.server";
import { NOTIFICATION_LIST_SIZE } from "~/features/notifications/notification-views";
import { writeNotifications } from "~/features/notifications/write-notifications.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { SessionUser } from "~/lib/auth/session";
import { action, loader } from "~/routes/resources/notifications";
import { type SignedIn, expectHttpError, routeAnswer, routeContext } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
/** A's notifications, newest first. */
let aIds: string[];
let bIds: string[];
let adminIds: string[];

/** The bell words each notification in its reader's language. */
const english = i18nFor("en");

async function isRead(id: string): Promise<boolean | undefined> {
  const [row] = await app.db
    .select({ isRead: notifications.isRead })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.isRead;
}

async function unreadIds(ids: string[]): Promise<string[]> {
  const rows = await app.db
    .select({ id: notifications.id, isRead: notifications.isRead })
    .from(notifications)
    .where(inArray(notifications.id, ids));
  return rows.filter((row) => !row.isRead).map((row) => row.id);
}

/** Inserts `count` notifications for a user, one minute apart, and returns their ids newest first. */
async function seed(userId: string, count: number, label: string, readEvery = 0): Promise<string[]> {
  const base = Date.parse("2026-01-01T12:00:00Z");
  const rows = await app.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        type: "payment",
        title: `${label} ${i}`,
        message: `Message ${i} for ${label}`,
        isRead: readEvery > 0 && i % readEvery === 0,
        createdAt: new Date(base + i * 60_000),
      })),
    )
    .returning({ id: notifications.id, createdAt: notifications.createdAt });
  return rows.sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime()).map((row) => row.id);
}

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex A" });
  customerB = await app.customer({ name: "Blair B" });
  admin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(notifications);
  // A: 12 notifications, every third one already read (4 read, 8 unread).
  aIds = await seed(customerA.id, 12, "A", 3);
  bIds = await seed(customerB.id, 2, "B");
  adminIds = await seed(admin.id, 1, "Admin");
  await app.deliveredChanges();
});

describe("anonymous", () => {
  it("gets a 401 AppError for listing, marking one read and marking all read, and nothing changes", async () => {
    await expectHttpError(listNotifications(app.services, null, english), 401);
    await expectHttpError(markNotificationRead(app.services, null, { id: aIds[0]! }), 401);
    await expectHttpError(markAllNotificationsRead(app.services, null), 401);
    expect(await unreadIds(aIds)).toHaveLength(8);
    expect(await app.deliveredChanges()).toEqual([]);
  });
});

describe("a customer", () => {
  it("lists only their own notifications, newest first, at most 10, with the unread count of all of them", async () => {
    const list = await listNotifications(app.services, customerA.user, english);
    expect(list.items).toHaveLength(NOTIFICATION_LIST_SIZE);
    expect(list.items.map((item) => item.id)).toEqual(aIds.slice(0, NOTIFICATION_LIST_SIZE));
    expect(list.items[0]).toMatchObject({ title: "A 11", type: "payment", message: "Message 11 for A", isRead: false });
    expect(list.items.map((item) => item.createdAt)).toEqual(
      [...list.items.map((item) => item.createdAt)].sort().reverse(),
    );
    expect(list.unreadCount).toBe(8);

    const listB = await listNotifications(app.services, customerB.user, english);
    expect(listB.items.map((item) => item.id)).toEqual(bIds);
    expect(listB.unreadCount).toBe(2);
  });

  it("gets each notification worded in their language, with the page it is about, and not the row's data", async () => {
    await app.db.insert(notifications).values({
      userId: customerB.id,
      type: "deletion_declined",
      title: "Deletion request declined",
      message: "The agency declined your request to delete your account: Not yet",
      data: { reason: "Not yet" },
      createdAt: new Date("2026-02-01T12:00:00Z"),
    });
    const [newest] = (await listNotifications(app.services, customerB.user, i18nFor("es"))).items;
    expect(newest).toEqual({
      id: expect.any(String),
      type: "deletion_declined",
      title: "Solicitud de eliminación rechazada",
      message: "La agencia rechazó su solicitud de eliminar su cuenta: Not yet",
      href: "/dashboard/profile",
      isRead: false,
      createdAt: "2026-02-01T12:00:00.000Z",
    });
  });

  it("marks their own notification read and publishes the change for themselves", async () => {
    const target = aIds[0]!;
    await markNotificationRead(app.services, customerA.user, { id: target });
    expect(await isRead(target)).toBe(true);
    expect((await listNotifications(app.services, customerA.user, english)).unreadCount).toBe(7);
    expect(await app.deliveredChanges()).toEqual([{ table: "notifications", userId: customerA.id }]);
  });

  it("cannot mark another customer's notification: 404, it stays unread and nothing is published", async () => {
    const target = aIds[0]!;
    await expectHttpError(markNotificationRead(app.services, customerB.user, { id: target }), 404);
    expect(await isRead(target)).toBe(false);
    await expectHttpError(markNotificationRead(app.services, customerB.user, { id: randomUUID() }), 404);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("marks all of their own read, leaving other users' untouched", async () => {
    expect(await markAllNotificationsRead(app.services, customerB.user)).toBe(2);
    expect(await unreadIds(bIds)).toEqual([]);
    expect(await unreadIds(aIds)).toHaveLength(8);
    expect(await unreadIds(adminIds)).toHaveLength(1);
    expect(await app.deliveredChanges()).toEqual([{ table: "notifications", userId: customerB.id }]);

    // Nothing left to mark: nothing changes, nothing is published.
    expect(await markAllNotificationsRead(app.services, customerB.user)).toBe(0);
    expect(await app.deliveredChanges()).toEqual([]);
  });
});

describe("an admin", () => {
  it("sees only the admin's own notifications", async () => {
    const list = await listNotifications(app.services, admin.user, english);
    expect(list.items.map((item) => item.id)).toEqual(adminIds);
    expect(list.unreadCount).toBe(1);
  });

  it("cannot mark a customer's notification read", async () => {
    await expectHttpError(markNotificationRead(app.services, admin.user, { id: aIds[1]! }), 404);
    expect(await isRead(aIds[1]!)).toBe(false);
    expect(await app.deliveredChanges()).toEqual([]);
  });

  it("marking all read touches only the admin's own", async () => {
    expect(await markAllNotificationsRead(app.services, admin.user)).toBe(1);
    expect(await unreadIds(adminIds)).toEqual([]);
    expect(await unreadIds(aIds)).toHaveLength(8);
    expect(await unreadIds(bIds)).toHaveLength(2);
    expect(await app.deliveredChanges()).toEqual([{ table: "notifications", userId: admin.id }]);
  });
});

describe("writeNotifications, then publishChanges after commit", () => {
  it("stores each notification for its owner and publishes one change per owner", async () => {
    const changes = await writeNotifications(app.db, [
      { userId: customerA.id, type: "website_progress", title: "Step done", message: "Design finished" },
      { userId: customerA.id, type: "website_progress", title: "Step done", message: "Development finished" },
      { userId: customerB.id, type: "payment", title: "Payment approved", message: "Thanks" },
    ]);
    // Nothing is announced until the caller publishes, after its transaction has committed.
    expect(await app.deliveredChanges()).toEqual([]);
    await publishChanges(app.services.bus, changes);
    const listA = await listNotifications(app.services, customerA.user, english);
    expect(listA.unreadCount).toBe(10);
    expect(
      listA.items
        .slice(0, 2)
        .map((item) => item.message)
        .sort(),
    ).toEqual(["Design finished", "Development finished"]);
    expect((await listNotifications(app.services, customerB.user, english)).unreadCount).toBe(3);
    // One change per owner; the two owners' changes are published concurrently, in either order.
    const delivered = await app.deliveredChanges();
    expect(delivered).toHaveLength(2);
    expect(delivered).toEqual(
      expect.arrayContaining([
        { table: "notifications", userId: customerA.id },
        { table: "notifications", userId: customerB.id },
      ]),
    );
  });
});

describe("the /resources/notifications route", () => {
  const get = async (user: SessionUser | null) =>
    routeAnswer(
      await loader({
        request: new Request("http://localhost:3000/resources/notifications"),
        context: routeContext(app.services, user),
        params: {},
      } as unknown as Parameters<typeof loader>[0]),
    );

  const post = async (user: SessionUser | null, fields: Record<string, string>) =>
    routeAnswer(
      await action({
        request: new Request("http://localhost:3000/resources/notifications", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        context: routeContext(app.services, user),
        params: {},
      } as unknown as Parameters<typeof action>[0]),
    );

  it("answers GET with the viewer's own list, and 401 without a session", async () => {
    expect(await get(null)).toEqual({ status: 401, body: { ok: false, error: "You must be logged in" } });
    const listed = await get(customerA.user);
    expect(listed.status).toBe(200);
    expect((listed.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(aIds.slice(0, 10));
    expect((listed.body as { unreadCount: number }).unreadCount).toBe(8);
  });

  it("marks one read for its owner, answers 404 for anyone else's and 400 for a malformed request", async () => {
    expect(await post(customerB.user, { intent: "mark-read", id: aIds[0]! })).toMatchObject({ status: 404 });
    expect(await post(admin.user, { intent: "mark-read", id: aIds[0]! })).toMatchObject({ status: 404 });
    expect(await post(null, { intent: "mark-read", id: aIds[0]! })).toMatchObject({ status: 401 });
    expect(await post(customerA.user, { intent: "mark-read", id: "not-a-uuid" })).toMatchObject({ status: 400 });
    expect(await post(customerA.user, { intent: "delete-everything" })).toMatchObject({ status: 400 });
    expect(await isRead(aIds[0]!)).toBe(false);

    expect(await post(customerA.user, { intent: "mark-read", id: aIds[0]! })).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await isRead(aIds[0]!)).toBe(true);
  });

  it("marks all read for the viewer only", async () => {
    expect(await post(null, { intent: "mark-all-read" })).toMatchObject({ status: 401 });
    expect(await post(customerB.user, { intent: "mark-all-read" })).toEqual({ status: 200, body: { ok: true } });
    expect(await unreadIds(bIds)).toEqual([]);
    expect(await unreadIds(aIds)).toHaveLength(8);
    expect(await app.deliveredChanges()).toEqual([{ table: "notifications", userId: customerB.id }]);
  });
});
