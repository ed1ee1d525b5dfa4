import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFParse } from "pdf-parse";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentRefunds, payments } from "~db/schema";
import { getReceipt } from "~/features/receipts/get-receipt.server";
import { formatReceiptNumber } from "~/features/receipts/receipt";
import { saveSettings } from "~/features/settings/save-settings.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as receiptLoader } from "~/routes/receipts/receipt";
import { loader as receiptPdfLoader } from "~/routes/receipts/receipt-pdf";
import { expectHttpError, routeContext, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let staffA: SignedIn;
let admin: SignedIn;

const ADDRESS = "500 Brickell Ave, Suite 12\nMiami, FL 33131";
const TAX_ID = "12-3456789";

/** A completed payment (Zelle, the Google Business Profile's $250, unless told): the payments receipts are for. */
const addPayment = (userId: string, values: Partial<typeof payments.$inferInsert> = {}) =>
  app.payment(userId, { status: "completed", ...values });

async function addRefund(
  paymentId: string,
  userId: string,
  values: Partial<typeof paymentRefunds.$inferInsert> = {},
): Promise<void> {
  await app.db.insert(paymentRefunds).values({
    paymentId,
    userId,
    amount: 50,
    reason: "Late delivery",
    status: "completed",
    refundedBy: admin.id,
    completedAt: new Date(),
    ...values,
  });
}

async function storedNumber(paymentId: string): Promise<number> {
  const [row] = await app.db
    .select({ receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row!.receiptNumber!;
}

async function setAgency(values: { companyAddress: string; taxId: string }): Promise<void> {
  const { general } = await app.services.settings.get();
  await saveSettings(app.services, admin.user, {
    section: "general",
    values: { ...general, ...values },
  });
}

/** A route's loader as a request would run it: its answer, or what it threw (redirect or error response). */
async function run(
  loader: (args: never) => unknown,
  user: SessionUser | null,
  path: string,
  paymentId: string,
): Promise<unknown> {
  const request = new Request(`${SITE_URL}${path}`);
  try {
    return await loader({ request, context: routeContext(app.services, user), params: { paymentId } } as never);
  } catch (thrown) {
    return thrown;
  }
}

const loadPage = (user: SessionUser | null, paymentId: string) =>
  run(receiptLoader, user, `/receipts/${paymentId}`, paymentId);
const loadPdf = (user: SessionUser | null, paymentId: string, query = "") =>
  run(receiptPdfLoader, user, `/receipts/${paymentId}/pdf${query}`, paymentId);

async function pdfText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  customerA = await app.customer({ name: "Alex Receipt", companyName: "Alex Roofing" });
  customerB = await app.customer({ name: "Blair Other" });
  staffA = await app.staff([customerA.id]);
  admin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(payments);
  await setAgency({ companyAddress: "", taxId: "" });
});

describe("getReceipt", () => {
  it("gives the owner the receipt: number from the sequence, date, customer and company, service, amount, method, agency", async () => {
    const paymentId = await addPayment(customerA.id, {
      serviceType: "website",
      paymentNumber: 1,
      amount: 350,
      paymentMethod: "card",
    });
    const receipt = await getReceipt(app.services, customerA.user, { paymentId });
    const { general } = await app.services.settings.get();
    expect(receipt).toMatchObject({
      paymentId,
      customerId: customerA.id,
      customer: { name: "Alex Receipt", email: customerA.email, companyName: "Alex Roofing" },
      serviceType: "website",
      paymentNumber: 1,
      amountPaid: 350,
      listPrice: 350,
      discount: 0,
      paymentMethod: "card",
      status: "completed",
      refunds: [],
      agency: { name: general.companyName, supportEmail: general.supportEmail, address: "", taxId: "" },
    });
    expect(general.companyName).not.toBe("");
    expect(general.supportEmail).toContain("@");
    expect(receipt.number).toMatch(/^R-\d{6}$/);
    expect(receipt.number).toBe(formatReceiptNumber(await storedNumber(paymentId)));
    // Stable: reading it again gives the same number.
    expect((await getReceipt(app.services, customerA.user, { paymentId })).number).toBe(receipt.number);
  });

  it("numbers completed payments one after the other, whichever way they were completed", async () => {
    const first = await addPayment(customerA.id);
    const pending = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "pending" });
    const second = await addPayment(customerB.id);
    await app.db.update(payments).set({ status: "completed" }).where(eq(payments.id, pending));
    const numbers = [await storedNumber(first), await storedNumber(second), await storedNumber(pending)];
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);
  });

  it("gives an admin any customer's receipt", async () => {
    const paymentId = await addPayment(customerA.id);
    const receipt = await getReceipt(app.services, admin.user, { paymentId });
    expect(receipt.customer.name).toBe("Alex Receipt");
    expect(receipt.amountPaid).toBe(250);
    expect(receipt.paymentMethod).toBe("zelle");
  });

  it("shows the promotion code, the discount and the list price", async () => {
    const paymentId = await addPayment(customerA.id, { amount: 200, discount: 50, promotionCode: "SPRING20" });
    expect(await getReceipt(app.services, customerA.user, { paymentId })).toMatchObject({
      listPrice: 250,
      discount: 50,
      promotionCode: "SPRING20",
      amountPaid: 200,
    });
  });

  it("carries the agency's address and tax id from the General settings", async () => {
    await setAgency({ companyAddress: ADDRESS, taxId: TAX_ID });
    const paymentId = await addPayment(customerA.id);
    expect((await getReceipt(app.services, customerA.user, { paymentId })).agency).toMatchObject({
      address: ADDRESS,
      taxId: TAX_ID,
    });
  });

  it("lists the completed refunds, oldest first, but not a card refund Stripe has not confirmed", async () => {
    const paymentId = await addPayment(customerA.id, { refundedAmount: 75 });
    await addRefund(paymentId, customerA.id, {
      amount: 50,
      reason: "Late delivery",
      createdAt: new Date("2026-02-01T10:00:00Z"),
      completedAt: new Date("2026-02-01T10:00:00Z"),
    });
    await addRefund(paymentId, customerA.id, {
      amount: 25,
      reason: "Goodwill",
      createdAt: new Date("2026-02-03T10:00:00Z"),
      completedAt: new Date("2026-02-03T10:00:00Z"),
    });
    await addRefund(paymentId, customerA.id, {
      amount: 100,
      reason: "Waiting for Stripe",
      status: "pending",
      completedAt: null,
      stripeRefundId: `re_${randomUUID()}`,
    });
    const receipt = await getReceipt(app.services, customerA.user, { paymentId });
    expect(receipt.refunds).toEqual([
      { date: "2026-02-01T10:00:00.000Z", amount: 50, reason: "Late delivery" },
      { date: "2026-02-03T10:00:00.000Z", amount: 25, reason: "Goodwill" },
    ]);
  });

  it("keeps the receipt of a payment refunded in full", async () => {
    const paymentId = await addPayment(customerA.id, { status: "refunded", refundedAmount: 250 });
    await addRefund(paymentId, customerA.id, { amount: 250, reason: "Cancelled" });
    const receipt = await getReceipt(app.services, customerA.user, { paymentId });
    expect(receipt).toMatchObject({ status: "refunded", refunds: [{ amount: 250, reason: "Cancelled" }] });
    expect(receipt.number).toBe(formatReceiptNumber(await storedNumber(paymentId)));
  });

  it("refuses another customer and staff (even the customer's own) with 404, as if it did not exist", async () => {
    const paymentId = await addPayment(customerA.id);
    await expectHttpError(getReceipt(app.services, customerB.user, { paymentId }), 404);
    await expectHttpError(getReceipt(app.services, staffA.user, { paymentId }), 404);
  });

  it("refuses anonymous visitors with 401", async () => {
    const paymentId = await addPayment(customerA.id);
    await expectHttpError(getReceipt(app.services, null, { paymentId }), 401);
  });

  it("has no receipt for a pending or rejected payment, even for the owner or an admin", async () => {
    const pending = await addPayment(customerA.id, { status: "pending" });
    const rejected = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "rejected" });
    for (const paymentId of [pending, rejected]) {
      await expectHttpError(getReceipt(app.services, customerA.user, { paymentId }), 404);
      await expectHttpError(getReceipt(app.services, admin.user, { paymentId }), 404);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    await expectHttpError(getReceipt(app.services, admin.user, { paymentId: randomUUID() }), 404);
    await expectHttpError(getReceipt(app.services, admin.user, { paymentId: "not-a-uuid" }), 404);
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
    const answer = (await loadPage(customerA.user, paymentId)) as {
      receipt: { amountPaid: number; number: string };
      backTo: string;
      title: string;
    };
    expect(answer.receipt.amountPaid).toBe(250);
    expect(answer.backTo).toBe("/dashboard/progress");
    expect(answer.title).toBe(`Receipt ${answer.receipt.number}`);
  });

  it("shows an admin the receipt and leads back to the customer", async () => {
    const paymentId = await addPayment(customerA.id);
    const answer = (await loadPage(admin.user, paymentId)) as { backTo: string };
    expect(answer.backTo).toBe(`/admin/users/${customerA.id}`);
  });

  it("answers 404 to another customer, to staff and for a pending payment", async () => {
    const completed = await addPayment(customerA.id);
    const pending = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "pending" });
    for (const [user, paymentId] of [
      [customerB.user, completed],
      [staffA.user, completed],
      [customerA.user, pending],
    ] as const) {
      const thrown = await loadPage(user, paymentId);
      expect(isRouteErrorResponse(thrown) || (thrown as { type?: string }).type === "DataWithResponseInit").toBe(true);
      expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    }
  });
});

describe("the receipt's PDF", () => {
  it("gives the owner and an admin the receipt as a PDF download, private and never sniffed", async () => {
    const paymentId = await addPayment(customerA.id);
    const number = formatReceiptNumber(await storedNumber(paymentId));
    for (const user of [customerA.user, admin.user]) {
      const response = (await loadPdf(user, paymentId)) as Response;
      expect(response).toBeInstanceOf(Response);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="receipt-${number}.pdf"; filename*=UTF-8''receipt-${number}.pdf`,
      );
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const text = await pdfText(response);
      expect(text).toContain(number);
      expect(text).toContain("Alex Receipt");
      expect(text).toContain("Alex Roofing");
      expect(text).toContain("Google Business Profile Setup");
      expect(text).toContain("$250.00");
    }
  });

  it("refuses another customer and staff with 404 (no PDF), and sends visitors to the login page", async () => {
    const paymentId = await addPayment(customerA.id);
    for (const user of [customerB.user, staffA.user]) {
      const response = (await loadPdf(user, paymentId)) as Response;
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: "receipt_not_found", message: "Receipt not found" },
      });
    }
    const pending = await addPayment(customerA.id, { serviceType: "website", amount: 350, status: "pending" });
    expect(((await loadPdf(customerA.user, pending)) as Response).status).toBe(404);
    const anonymous = (await loadPdf(null, paymentId)) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/login");
  });

  it("prints the agency's address and tax id, the list price, the code's discount, the refunds and the net", async () => {
    await setAgency({ companyAddress: ADDRESS, taxId: TAX_ID });
    const paymentId = await addPayment(customerA.id, {
      amount: 200,
      discount: 50,
      promotionCode: "SPRING20",
      refundedAmount: 50,
    });
    await addRefund(paymentId, customerA.id, {
      amount: 50,
      reason: "Late delivery",
      completedAt: new Date("2026-02-01T10:00:00Z"),
    });
    const text = await pdfText((await loadPdf(customerA.user, paymentId)) as Response);
    expect(text).toContain(formatReceiptNumber(await storedNumber(paymentId)));
    expect(text).toContain(`Tax ID: ${TAX_ID}`);
    expect(text).toContain("500 Brickell Ave, Suite 12");
    expect(text).toContain("Miami, FL 33131");
    expect(text).toMatch(/List price\s+\$250\.00/);
    expect(text).toMatch(/Discount \(SPRING20\)\s+-\$50\.00/);
    expect(text).toMatch(/Amount paid\s+\$200\.00/);
    expect(text).toContain("Refunds");
    expect(text).toMatch(/February 1, 2026 - Late delivery\s+-\$50\.00/);
    expect(text).toMatch(/Net amount after refunds\s+\$150\.00/);
    expect(text).toContain("Partially refunded");
  });

  it("dates the payment in the time zone the page sends (a wrong one is UTC)", async () => {
    const paymentId = await addPayment(customerA.id);
    await app.db
      .update(payments)
      .set({ completedAt: new Date("2026-03-01T02:00:00Z") })
      .where(eq(payments.id, paymentId));
    expect(await pdfText((await loadPdf(customerA.user, paymentId, "?tz=America/New_York")) as Response)).toContain(
      "February 28, 2026",
    );
    expect(await pdfText((await loadPdf(customerA.user, paymentId, "?tz=Not/AZone")) as Response)).toContain(
      "March 1, 2026",
    );
  });

  it("is written in the viewer's language, accents included", async () => {
    const paymentId = await addPayment(customerA.id, { paymentMethod: "card" });
    const text = await pdfText((await loadPdf({ ...customerA.user, language: "es" }, paymentId)) as Response);
    expect(text).toContain("Recibo de pago");
    expect(text).toContain("Número de recibo");
    expect(text).toContain("Método de pago");
    expect(text).toContain("Tarjeta");
    expect(text).toContain("Configuración del Perfil de Google Business");
  });
});
