import { randomUUID } from "node:crypto";
import { isRouteErrorResponse } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { payments } from "~db/schema";
import { getReceipt } from "~/features/receipts/get-receipt.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as receiptLoader } from "~/routes/receipts/receipt";
import {
  expectHttpError,
  makeAdmin,
  routeContext,
  signUpCustomer,
  testDatabase,
  testServices,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "./support";

let database: TestDatabase;
let services: TestServices;
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

const deps = () => ({ db: database.db, settings: services.settings });

async function addPayment(userId: string, values: Partial<typeof payments.$inferInsert> = {}): Promise<string> {
  const [row] = await database.db
    .insert(payments)
    .values({ userId, serviceType: "google_business", paymentNumber: 1, amount: 250, paymentMethod: "zelle", status: "completed", ...values })
    .returning({ id: payments.id });
  return row!.id;
}

/** The receipt page's loader as a request would run it: its answer, or what it threw (redirect or error response). */
async function loadPage(user: SessionUser | null, paymentId: string): Promise<unknown> {
  const request = new Request(`http://localhost:3000/receipts/${paymentId}`);
  try {
    return await receiptLoader({ request, context: routeContext(services, user), params: { paymentId } } as never);
  } catch (thrown) {
    return thrown;
  }
}

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database);
  customerA = await signUpCustomer(services, { name: "Alex Receipt", companyName: "Alex Roofing" });
  customerB = await signUpCustomer(services, { name: "Blair Other" });
  admin = await makeAdmin(services);
});

afterAll(async () => {
  await services?.close();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(payments);
});

describe("getReceipt", () => {
  it("gives the owner the receipt: number, date, customer and company, service, amount, method, agency", async () => {
    const paymentId = await addPayment(customerA.id, { serviceType: "website", paymentNumber: 1, amount: 350, paymentMethod: "card" });
    const receipt = await getReceipt(deps(), customerA.user, { paymentId });
    const { general } = await services.settings.get();
    expect(receipt).toMatchObject({
      paymentId,
      customerId: customerA.id,
      customer: { name: "Alex Receipt", email: customerA.email, companyName: "Alex Roofing" },
      service: "Website Development - Payment 1 of 2",
      amount: "$350",
      method: "Card",
      agency: { name: general.companyName, supportEmail: general.supportEmail },
    });
    expect(general.companyName).not.toBe("");
    expect(general.supportEmail).toContain("@");
    expect(receipt.number).toMatch(/^R-\d{8}-[0-9A-F]{8}$/);
    // Stable: reading it again gives the same number.
    expect((await getReceipt(deps(), customerA.user, { paymentId })).number).toBe(receipt.number);
  });

  it("gives an admin any customer's receipt", async () => {
    const paymentId = await addPayment(customerA.id);
    const receipt = await getReceipt(deps(), admin.user, { paymentId });
    expect(receipt.customer.name).toBe("Alex Receipt");
    expect(receipt.amount).toBe("$250");
    expect(receipt.method).toBe("Zelle");
  });

  it("refuses another customer with 404, as if it did not exist", async () => {
    const paymentId = await addPayment(customerA.id);
    await expectHttpError(getReceipt(deps(), customerB.user, { paymentId }), 404);
  });

  it("refuses anonymous visitors with 401", async () => {
    const paymentId = await addPayment(customerA.id);
    await expectHttpError(getReceipt(deps(), null, { paymentId }), 401);
  });

  it("has no receipt for a pending or rejected payment, even for the owner or an admin", async () => {
    const pending = await addPayment(customerA.id, { status: "pending" });
    const rejected = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "rejected" });
    for (const paymentId of [pending, rejected]) {
      await expectHttpError(getReceipt(deps(), customerA.user, { paymentId }), 404);
      await expectHttpError(getReceipt(deps(), admin.user, { paymentId }), 404);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await expectHttpError(getReceipt(deps(), admin.user, { paymentId: randomUUID() }), 404);
    await expectHttpError(getReceipt(deps(), admin.user, { paymentId: "not-a-uuid" }), 404);
  });
});

describe("the receipt page", () => {
  it("sends anonymous visitors to the login page", async () => {
    const paymentId = await addPayment(customerA.id);
    const answer = await loadPage(null, paymentId);
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("location")).toBe("/login");
  });

  it("shows the owner the receipt and leads back to the progress page", async () => {
    const paymentId = await addPayment(customerA.id);
    const answer = (await loadPage(customerA.user, paymentId)) as { receipt: { amount: string }; backTo: string };
    expect(answer.receipt.amount).toBe("$250");
    expect(answer.backTo).toBe("/dashboard/progress");
  });

  it("shows an admin the receipt and leads back to the customer", async () => {
    const paymentId = await addPayment(customerA.id);
    const answer = (await loadPage(admin.user, paymentId)) as { backTo: string };
    expect(answer.backTo).toBe(`/admin/users/${customerA.id}`);
  });

  it("answers 404 to another customer and for a pending payment", async () => {
    const completed = await addPayment(customerA.id);
    const pending = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "pending" });
    for (const [user, paymentId] of [
      [customerB.user, completed],
      [customerA.user, pending],
    ] as const) {
      const thrown = await loadPage(user, paymentId);
      expect(isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === "DataWithResponseInit").toBe(true);
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });
});
