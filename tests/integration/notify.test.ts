import { eq, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailMessages, notifications, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { saveLanguage } from "~/features/profile/save-language.server";
import type { SignedIn } from "./support";
import { testApp } from "./test-app";

// `notify`: one call words an event for each recipient in their language, writes the in-app rows and queues the
// e-mails in the caller's transaction, for exactly the recipients the settings say.

const app = testApp();
let english: SignedIn;
let spanish: SignedIn;
let customer: SignedIn;

const ALL_ON = {
  emailNotifications: true,
  pushNotifications: true,
  newUserRegistration: true,
  newSubmission: true,
  profileUpdates: true,
  systemErrors: true,
};
// An event whose title has a Spanish translation in the catalog: the recipient's language picks it.
const event = { type: "profile_updated", data: { customerId: "c", fullName: "Ana", companyName: null } } as const;

async function setNotifications(values: Partial<typeof ALL_ON>) {
  await saveSettings(app.services, english.user, {
    section: "notifications",
    values: { ...ALL_ON, ...values },
  });
}

async function rowsFor(userIds: string[]) {
  return app.db
    .select({ userId: notifications.userId, type: notifications.type, title: notifications.title })
    .from(notifications)
    .where(inArray(notifications.userId, userIds));
}

async function mailTo(addresses: string[]) {
  return (
    await app.db
      .select({ to: emailMessages.to, subject: emailMessages.subject })
      .from(emailMessages)
      .where(inArray(emailMessages.to, addresses))
  ).sort((a, b) => a.to.localeCompare(b.to));
}

async function emailOf(user: SignedIn) {
  const [row] = await app.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, user.id));
  return row!.email;
}

beforeAll(async () => {
  english = await app.admin();
  spanish = await app.admin();
  customer = await app.customer();
  await saveLanguage(app.services, spanish.id, "es");
});

beforeEach(async () => {
  await app.db.delete(notifications);
  await app.db.delete(emailMessages);
  await setNotifications({});
});

describe("notify", () => {
  it("tells every admin who wants the event, each in their language, in-app and by e-mail, never the one excepted", async () => {
    const changes = await notify(app.db, { to: { admins: "newSubmission", except: spanish.id }, ...event });
    expect(changes).toEqual([{ table: "notifications", userId: english.id }]);
    expect(await rowsFor([english.id, spanish.id])).toEqual([
      { userId: english.id, type: "profile_updated", title: "Profile Updated" },
    ]);

    await notify(app.db, { to: { admins: "newSubmission" }, ...event });
    const spanishRow = (await rowsFor([spanish.id]))[0];
    expect(spanishRow?.title).not.toBe("Profile Updated");
    const mails = await mailTo([await emailOf(english), await emailOf(spanish)]);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      ["Profile Updated", "Profile Updated", spanishRow!.title].sort(),
    );
  });

  it("follows the settings: push off writes no rows, e-mail off queues no mail, the event's switch off does neither", async () => {
    const admins = [english.id, spanish.id];
    const addresses = [await emailOf(english), await emailOf(spanish)];
    await setNotifications({ pushNotifications: false });
    expect(await notify(app.db, { to: { admins: "profileUpdates" }, ...event })).toEqual([]);
    expect(await rowsFor(admins)).toEqual([]);
    expect(await mailTo(addresses)).toHaveLength(2);

    await app.db.delete(emailMessages);
    await setNotifications({ emailNotifications: false });
    await notify(app.db, { to: { admins: "profileUpdates" }, ...event });
    expect(await rowsFor(admins)).toHaveLength(2);
    expect(await mailTo(addresses)).toEqual([]);

    await app.db.delete(notifications);
    await setNotifications({ profileUpdates: false });
    expect(await notify(app.db, { to: { admins: "profileUpdates" }, ...event })).toEqual([]);
    expect(await rowsFor(admins)).toEqual([]);
    expect(await mailTo(addresses)).toEqual([]);
  });

  it("tells a customer in-app always, and by e-mail unless they turned e-mail off", async () => {
    const address = await emailOf(customer);
    expect(await notify(app.db, { to: { customer: customer.id }, ...event })).toEqual([
      { table: "notifications", userId: customer.id },
    ]);
    expect(await mailTo([address])).toEqual([{ to: address, subject: "Profile Updated" }]);

    await app.db.update(profiles).set({ emailOptOut: true }).where(eq(profiles.id, customer.id));
    await notify(app.db, { to: { customer: customer.id }, ...event });
    expect(await rowsFor([customer.id])).toHaveLength(2);
    expect(await mailTo([address])).toHaveLength(1);
    await app.db.update(profiles).set({ emailOptOut: false }).where(eq(profiles.id, customer.id));
  });

  it("stores the event's type and data with the row, and its text in the recipient's language only as a fallback", async () => {
    await notify(app.db, { to: { admins: "profileUpdates" }, ...event });
    const rows = await app.db
      .select({ userId: notifications.userId, data: notifications.data, title: notifications.title })
      .from(notifications)
      .where(inArray(notifications.userId, [english.id, spanish.id]));
    expect(rows.map((row) => row.data)).toEqual([event.data, event.data]);
    expect(rows.find((row) => row.userId === spanish.id)?.title).toBe("Perfil actualizado");
  });

  it("writes rows and e-mails in the caller's transaction: a rollback leaves neither", async () => {
    const failed = app.db.transaction(async (tx) => {
      await notify(tx, { to: { customer: customer.id }, ...event });
      await notify(tx, { to: { admins: "newSubmission" }, ...event });
      throw new Error("the write being announced failed");
    });
    await expect(failed).rejects.toThrow("the write being announced failed");
    expect(await rowsFor([customer.id, english.id, spanish.id])).toEqual([]);
    expect(await mailTo([await emailOf(customer), await emailOf(english), await emailOf(spanish)])).toEqual([]);
  });
});
