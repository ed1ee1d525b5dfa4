import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  account,
  googleBusinessInfo,
  googleBusinessProgress,
  notifications,
  payments,
  profiles,
  session,
  user,
  userRoles,
  websiteInfo,
  websiteProgress,
} from "~db/schema";
import { CHECK_VIOLATION, databaseError, UNIQUE_VIOLATION, uniqueEmail } from "./support";
import { testApp } from "./test-app";

const app = testApp();

describe("sign-up", () => {
  it("creates the user and a profiles row from the sign-up metadata", async () => {
    const email = uniqueEmail();
    const customer = await app.customer({
      name: "Dana Doe",
      email,
      phone: "(555) 987-6543",
      companyName: "  Doe Landscaping  ",
    });

    const [userRow] = await app.db.select().from(user).where(eq(user.id, customer.id));
    expect(userRow).toMatchObject({ email, name: "Dana Doe" });

    const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(profile).toMatchObject({
      fullName: "Dana Doe",
      email,
      phone: "(555) 987-6543",
      companyName: "Doe Landscaping",
      avatarUrl: null,
    });
    expect(profile?.createdAt).toBeInstanceOf(Date);

    // The password is kept hashed in the credential account, never as typed.
    const [credential] = await app.db.select().from(account).where(eq(account.userId, customer.id));
    expect(credential?.providerId).toBe("credential");
    expect(credential?.password).toBeTruthy();
    expect(credential?.password).not.toContain(customer.password);
  });

  it("leaves company_name empty when none was given", async () => {
    const customer = await app.customer({ companyName: null });
    const [profile] = await app.db.select().from(profiles).where(eq(profiles.id, customer.id));
    expect(profile?.companyName).toBeNull();
    expect(profile?.phone).toBe("(555) 123-4567");
  });
});

describe("one row per user", () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await app.customer()).id;
  });

  it("refuses a second google_business_progress row", async () => {
    await app.db.insert(googleBusinessProgress).values({ userId });
    const error = await databaseError(app.db.insert(googleBusinessProgress).values({ userId, profileCreation: true }));
    expect(error.code).toBe(UNIQUE_VIOLATION);
    expect(error.constraint).toBe("google_business_progress_user_unique");
  });

  it("refuses a second website_progress row", async () => {
    await app.db.insert(websiteProgress).values({ userId });
    const error = await databaseError(app.db.insert(websiteProgress).values({ userId, currentStep: 1 }));
    expect(error.code).toBe(UNIQUE_VIOLATION);
    expect(error.constraint).toBe("website_progress_user_unique");
  });

  it("refuses a second google_business_info row", async () => {
    await app.db.insert(googleBusinessInfo).values({ userId, legalBusinessName: "First" });
    const error = await databaseError(
      app.db.insert(googleBusinessInfo).values({ userId, legalBusinessName: "Second" }),
    );
    expect(error.code).toBe(UNIQUE_VIOLATION);
    const rows = await app.db.select().from(googleBusinessInfo).where(eq(googleBusinessInfo.userId, userId));
    expect(rows.map((row) => row.legalBusinessName)).toEqual(["First"]);
  });

  it("refuses a second website_info row", async () => {
    await app.db.insert(websiteInfo).values({ userId, primaryColor: "Blue" });
    const error = await databaseError(app.db.insert(websiteInfo).values({ userId, primaryColor: "Red" }));
    expect(error.code).toBe(UNIQUE_VIOLATION);
    const rows = await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId));
    expect(rows.map((row) => row.primaryColor)).toEqual(["Blue"]);
  });

  it("refuses a website_progress current_step outside 0..8", async () => {
    const other = await app.customer();
    const error = await databaseError(app.db.insert(websiteProgress).values({ userId: other.id, currentStep: 9 }));
    expect(error.code).toBe(CHECK_VIOLATION);
    expect(error.constraint).toBe("website_progress_current_step_check");
  });
});

describe("payments", () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await app.customer()).id;
  });

  const payment = (values: Partial<typeof payments.$inferInsert>) =>
    app.db
      .insert(payments)
      .values({ userId, serviceType: "website", paymentNumber: 1, amount: 250, paymentMethod: "zelle", ...values })
      .returning();

  it.each([
    ["service_type 'other'", { serviceType: "other" }, "payments_service_type_check"],
    ["status 'weird'", { status: "weird" }, "payments_status_check"],
    ["payment_number 3", { paymentNumber: 3 }, "payments_number_check"],
    ["payment_number 0", { paymentNumber: 0 }, "payments_number_check"],
    [
      "google_business with payment_number 2",
      { serviceType: "google_business", paymentNumber: 2 },
      "payments_number_check",
    ],
    ["payment_method 'cash'", { paymentMethod: "cash" }, "payments_method_check"],
    ["a negative amount", { amount: -1 }, "payments_amount_check"],
  ] as const)("refuses %s", async (_label, values, constraint) => {
    const error = await databaseError(payment(values));
    expect(error.code).toBe(CHECK_VIOLATION);
    expect(error.constraint).toBe(constraint);
  });

  it("accepts both website payments and the single google_business payment", async () => {
    const other = (await app.customer()).id;
    await app.db.insert(payments).values([
      { userId: other, serviceType: "website", paymentNumber: 1, amount: 500, paymentMethod: "zelle" },
      { userId: other, serviceType: "website", paymentNumber: 2, amount: 500, paymentMethod: "card" },
      { userId: other, serviceType: "google_business", paymentNumber: 1, amount: 299.99, paymentMethod: "zelle" },
    ]);
    const rows = await app.db.select().from(payments).where(eq(payments.userId, other));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.status === "pending")).toBe(true);
    expect(rows.find((row) => row.serviceType === "google_business")?.amount).toBe(299.99);
  });

  it("refuses a second live payment for the same service and number, but allows one after a rejected one", async () => {
    const [first] = await payment({ serviceType: "google_business" });
    const duplicate = await databaseError(payment({ serviceType: "google_business" }));
    expect(duplicate.code).toBe(UNIQUE_VIOLATION);
    expect(duplicate.constraint).toBe("payments_live_unique_idx");

    await app.db.update(payments).set({ status: "rejected" }).where(eq(payments.id, first!.id));
    const [retry] = await payment({ serviceType: "google_business" });
    expect(retry?.status).toBe("pending");

    // A completed payment is live too: no second one beside it.
    await app.db.update(payments).set({ status: "completed" }).where(eq(payments.id, retry!.id));
    const afterCompleted = await databaseError(payment({ serviceType: "google_business" }));
    expect(afterCompleted.code).toBe(UNIQUE_VIOLATION);

    // Another payment number of the same service is a different slot.
    await payment({ serviceType: "website", paymentNumber: 1 });
    await payment({ serviceType: "website", paymentNumber: 2 });
    const rows = await app.db.select().from(payments).where(eq(payments.userId, userId));
    expect(rows.map((row) => `${row.serviceType}/${row.paymentNumber}/${row.status}`).sort()).toEqual([
      "google_business/1/completed",
      "google_business/1/rejected",
      "website/1/pending",
      "website/2/pending",
    ]);
  });
});

describe("user_roles", () => {
  it("accepts 'admin' and refuses any other role", async () => {
    const { id } = await app.customer();
    const error = await databaseError(app.db.insert(userRoles).values({ userId: id, role: "owner" }));
    expect(error.code).toBe(CHECK_VIOLATION);
    expect(error.constraint).toBe("user_roles_role_check");

    await app.db.insert(userRoles).values({ userId: id, role: "admin" });
    const duplicate = await databaseError(app.db.insert(userRoles).values({ userId: id, role: "admin" }));
    expect(duplicate.code).toBe(UNIQUE_VIOLATION);
  });
});

describe("deleting a user", () => {
  it("cascades to the profile, roles, sessions, notifications, payments and per-user records", async () => {
    const doomed = await app.customer();
    const kept = await app.customer();
    for (const userId of [doomed.id, kept.id]) {
      await app.db.insert(notifications).values({ userId, type: "payment", title: "Paid", message: "Thanks" });
      await app.db.insert(payments).values({ userId, serviceType: "website", amount: 100, paymentMethod: "zelle" });
      await app.db.insert(googleBusinessProgress).values({ userId });
      await app.db.insert(websiteInfo).values({ userId });
    }
    await app.db.insert(userRoles).values({ userId: doomed.id, role: "admin" });

    await app.db.delete(user).where(eq(user.id, doomed.id));

    const countFor = async (userId: string) => ({
      profiles: (await app.db.select().from(profiles).where(eq(profiles.id, userId))).length,
      sessions: (await app.db.select().from(session).where(eq(session.userId, userId))).length,
      accounts: (await app.db.select().from(account).where(eq(account.userId, userId))).length,
      roles: (await app.db.select().from(userRoles).where(eq(userRoles.userId, userId))).length,
      notifications: (await app.db.select().from(notifications).where(eq(notifications.userId, userId))).length,
      payments: (await app.db.select().from(payments).where(eq(payments.userId, userId))).length,
      progress: (await app.db.select().from(googleBusinessProgress).where(eq(googleBusinessProgress.userId, userId)))
        .length,
      websiteInfo: (await app.db.select().from(websiteInfo).where(eq(websiteInfo.userId, userId))).length,
    });
    expect(await countFor(doomed.id)).toEqual({
      profiles: 0,
      sessions: 0,
      accounts: 0,
      roles: 0,
      notifications: 0,
      payments: 0,
      progress: 0,
      websiteInfo: 0,
    });
    expect(await countFor(kept.id)).toEqual({
      profiles: 1,
      sessions: 1,
      accounts: 1,
      roles: 0,
      notifications: 1,
      payments: 1,
      progress: 1,
      websiteInfo: 1,
    });
  });
});
