import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages, notifications, reminders } from "~db/schema";
import { DAY_MS } from "~/features/reminders/reminders";
import { runReminders } from "~/features/reminders/run-reminders.server";
import { waitingThings } from "~/features/reminders/waiting-things.server";
import { testApp } from "./test-app";

const app = testApp();
const days = (n: number) => new Date(Date.now() + n * DAY_MS);

describe("smoke", () => {
  it("runs", async () => {
    const customer = await app.customer({ paidFirstOf: ["website"], roundWaiting: ["google_business"] });
    const things = await waitingThings(app.db, [customer.id]);
    console.log(things);
    const outcome = await runReminders(app.services, { now: days(3) });
    console.log(outcome);
    const rows = await app.db.select().from(reminders).where(eq(reminders.userId, customer.id));
    console.log(rows);
    const mails = await app.db.select().from(emailMessages).where(eq(emailMessages.to, customer.email));
    console.log(mails.map((m) => [m.subject, m.text, m.unsubscribeLink]));
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, customer.id));
    console.log(bell.map((b) => [b.title, b.message]));
    expect(rows.length).toBeGreaterThan(0);
  });
});
