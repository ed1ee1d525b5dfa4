import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { googleBusinessInfo, notifications, payments, websiteInfo } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import { saveGoogleBusinessInfo } from "~/features/business-info/save-google-business-info.server";
import { saveWebsiteInfo } from "~/features/website-info/save-website-info.server";
import { makeAdmin, signUpCustomer, testDatabase, testServices, type TestDatabase, type TestServices } from "./support";

// The progress writer fails with a real database error (the statement aborts what it runs in).
vi.mock("~/features/progress/set-progress-step.server", () => ({
  setProgressStep: async (executor: Executor) => {
    await executor.execute(sql`select * from no_such_progress_table`);
    throw new Error("unreachable");
  },
}));

let database: TestDatabase;
let services: TestServices;

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
});

afterAll(async () => {
  await services?.close();
  await database?.close();
});

it("a failing progress write is logged and rolled back alone: the first saves still stand, with their notifications", async () => {
  const customer = await signUpCustomer(services, { name: "Pat Lee", companyName: "Lee Electric" });
  const admin = await makeAdmin(services);
  await database.db.insert(payments).values([
    { userId: customer.id, serviceType: "google_business", paymentNumber: 1, amount: 250, paymentMethod: "zelle", status: "completed" },
    { userId: customer.id, serviceType: "website", paymentNumber: 1, amount: 350, paymentMethod: "zelle", status: "completed" },
  ]);
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const deps = { db: database.db, bus: services.bus, storage: services.storage, secrets: services.secrets };
  const common = { phoneNumber: "555 123 4567", address: "1 Main St", city: "Reno", state: "NV", zip: "89501", serviceCities: ["Reno"] };

  await saveGoogleBusinessInfo(deps, customer.user, {
    fields: { gmailEmail: "pat@gmail.com", gmailPassword: "pw", legalBusinessName: "Lee Electric", serviceType: "Electrician", openingDate: "2010-01-01", ...common },
  });
  await saveWebsiteInfo(deps, customer.user, { fields: { legalBusinessName: "Lee Electric", serviceTypes: ["Wiring"], ...common } });

  expect(await database.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, customer.id))).toHaveLength(1);
  expect(await database.db.select().from(websiteInfo).where(eq(websiteInfo.userId, customer.id))).toHaveLength(1);
  const sent = await database.db.select().from(notifications).where(eq(notifications.userId, admin.id));
  expect(sent.map((n) => n.type).sort()).toEqual(["google_business_submitted", "website_submitted"]);
  expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
    "Could not mark the google_business information step done:",
    "Could not mark the website information step done:",
  ]);
  logged.mockRestore();
});
