import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  customerAssignments,
  googleBusinessInfo,
  googleBusinessProgress,
  payments,
  reviewRounds,
  websiteInfo,
  websiteProgress,
} from "~db/schema";
import { testApp } from "./test-app";

const app = testApp();

// The factories other tests start from: each state is the rows the product itself would have written.
describe("testApp's factories", () => {
  it("makes a signed-up customer with nothing else by default", async () => {
    const customer = await app.customer();
    expect(customer.user).toMatchObject({ id: customer.id, isAdmin: false });
    expect(await app.db.select().from(payments).where(eq(payments.userId, customer.id))).toEqual([]);
  });

  it("makes a customer paid, with information sent, progress and a round waiting, and publishes the checklist's changes", async () => {
    await app.deliveredChanges();
    const customer = await app.customer({
      paid: ["google_business", "website"],
      informationSent: ["google_business", "website"],
      progress: { google_business: ["profileCreation"], website: ["designLayout"] },
      roundWaiting: ["website"],
    });
    const paid = await app.db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(paid.map((row) => [row.serviceType, row.paymentNumber, row.status, row.amount]).sort()).toEqual([
      ["google_business", 1, "completed", 250],
      ["website", 1, "completed", 350],
      ["website", 2, "completed", 350],
    ]);
    // Completed payments get their receipt numbers from the database, as every way of completing one does.
    expect(paid.every((row) => row.receiptNumber !== null)).toBe(true);
    expect(
      await app.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, customer.id)),
    ).toHaveLength(1);
    expect(await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customer.id))).toHaveLength(1);
    const [google] = await app.db
      .select()
      .from(googleBusinessProgress)
      .where(eq(googleBusinessProgress.userId, customer.id));
    expect(google).toMatchObject({ informationCollection: true, profileCreation: true, submittedVerification: false });
    const [website] = await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customer.id));
    expect(website).toMatchObject({ clientInfoReceived: true, designLayout: true, currentStep: 2 });
    const [round] = await app.db.select().from(reviewRounds).where(eq(reviewRounds.userId, customer.id));
    expect(round).toMatchObject({ service: "website", version: 1, decision: null });
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "google_business_progress", userId: customer.id },
        { table: "website_progress", userId: customer.id },
      ]),
    );
  });

  it("makes a customer with only the website's first payment completed", async () => {
    const customer = await app.customer({ paidFirstOf: ["website"] });
    const paid = await app.db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(paid.map((row) => [row.serviceType, row.paymentNumber, row.status])).toEqual([["website", 1, "completed"]]);
  });

  it("makes staff assigned to customers, and assigns more", async () => {
    const [first, second] = [await app.customer(), await app.customer()];
    const staff = await app.staff([first.id]);
    expect(staff.user.assignedCustomerIds).toEqual([first.id]);
    await app.assign(staff.id, [second.id]);
    const rows = await app.db.select().from(customerAssignments).where(eq(customerAssignments.memberId, staff.id));
    expect(rows.map((row) => row.customerId).sort()).toEqual([first.id, second.id].sort());
  });

  it("moves the services' clock and brings it back", async () => {
    const at = new Date("2026-03-01T12:00:00Z");
    app.clock.set(at);
    app.clock.advance(60_000);
    expect(app.clock.now().toISOString()).toBe("2026-03-01T12:01:00.000Z");
    app.clock.reset();
    expect(Math.abs(app.clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
