import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it, vi } from "vitest";
import { googleBusinessInfo, notifications, websiteInfo } from "~db/schema";
import { saveGoogleBusinessInfo } from "~/features/information/google-business/save-google-business-info.server";
import { saveWebsiteInfo } from "~/features/information/website/save-website-info.server";
import { testApp } from "./test-app";

const app = testApp();

// Every progress write fails with a real database error (the statement aborts what it runs in); the rest is untouched.
beforeAll(async () => {
  await app.db.execute(sql`
    create function refuse_progress_write() returns trigger language plpgsql as $$
    begin raise exception 'progress writes refused by this test'; end $$`);
  for (const table of ["google_business_progress", "website_progress"]) {
    await app.db.execute(
      sql.raw(
        `create trigger refuse_write before insert or update on ${table} for each row execute function refuse_progress_write()`,
      ),
    );
  }
});

it("a failing progress write is logged and rolled back alone: the first saves still stand, with their notifications", async () => {
  // The payments are added one by one rather than as the `paid` state: it would bring the website's second payment too.
  const customer = await app.customer({ name: "Pat Lee", companyName: "Lee Electric" });
  const admin = await app.admin();
  await app.payment(customer.id, { status: "completed" });
  await app.payment(customer.id, { serviceType: "website", amount: 350, status: "completed" });
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const common = {
    phoneNumber: "555 123 4567",
    address: "1 Main St",
    city: "Reno",
    state: "NV",
    zip: "89501",
    serviceCities: ["Reno"],
  };

  await saveGoogleBusinessInfo(app.services, customer.user, {
    fields: {
      gmailEmail: "pat@gmail.com",
      gmailPassword: "pw",
      legalBusinessName: "Lee Electric",
      serviceType: "Electrician",
      openingDate: "2010-01-01",
      ...common,
    },
  });
  await saveWebsiteInfo(app.services, customer.user, {
    fields: { legalBusinessName: "Lee Electric", serviceTypes: ["Wiring"], ...common },
  });

  expect(await app.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, customer.id))).toHaveLength(
    1,
  );
  expect(await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customer.id))).toHaveLength(1);
  const sent = await app.db.select().from(notifications).where(eq(notifications.userId, admin.id));
  expect(sent.map((n) => n.type).sort()).toEqual(["google_business_submitted", "website_submitted"]);
  expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
    "Could not mark the google_business information step done:",
    "Could not mark the website information step done:",
  ]);
  logged.mockRestore();
});
