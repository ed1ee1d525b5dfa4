import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentRefunds, payments, profiles } from "~db/schema";
import { exportPaymentsCsv } from "~/features/receipts/export-payments-csv.server";
import { formatReceiptNumber } from "~/features/receipts/receipt";
import type { SessionUser } from "~/lib/auth/session";
import { i18nFor } from "~/lib/i18n/instances.server";
import { loader as exportLoader } from "~/routes/admin/payments-csv";
import { expectHttpError, routeContext, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let staffA: SignedIn;
let admin: SignedIn;

const HEADER = "Date,Receipt number,Customer,Service,Payment method,List price,Discount,Amount paid,Amount refunded";

/** A completed payment unless told otherwise, with the receipt number the database gave it. */
async function addPayment(
  userId: string,
  values: Partial<typeof payments.$inferInsert>,
): Promise<{ id: string; number: string | null }> {
  const id = await app.payment(userId, { status: "completed", ...values });
  const [row] = await app.db
    .select({ receiptNumber: payments.receiptNumber })
    .from(payments)
    .where(eq(payments.id, id));
  return { id, number: row!.receiptNumber === null ? null : formatReceiptNumber(row!.receiptNumber) };
}

/** The export route as a request runs it (past the back office's guard, which the authorization matrix walks). */
async function download(user: SessionUser | null, query: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/admin/payments.csv${query}`);
  return (await exportLoader({ request, context: routeContext(app.services, user), params: {} } as never)) as Response;
}

/** The file's records, after its UTF-8 byte-order mark (which response.text() would drop unseen). */
async function records(response: Response): Promise<string[]> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder("utf-8").decode(bytes.subarray(3));
  expect(text.endsWith("\r\n")).toBe(true);
  return text.slice(0, -2).split("\r\n");
}

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Export", companyName: "Ana Roofing" });
  customerB = await app.customer({ name: "Blair Export" });
  staffA = await app.staff([customerA.id]);
  admin = await app.admin();
});

beforeEach(async () => {
  await app.db.delete(payments);
});

describe("the payments export", () => {
  it("gives an admin the period's completed payments as a CSV download: header, one row each, by completion", async () => {
    const zelle = await addPayment(customerA.id, { completedAt: new Date("2026-01-15T12:00:00Z") });
    const discounted = await addPayment(customerA.id, {
      serviceType: "website",
      paymentNumber: 1,
      amount: 280,
      discount: 70,
      promotionCode: "SPRING20",
      paymentMethod: "card",
      completedAt: new Date("2026-02-10T09:30:00Z"),
    });
    const refunded = await addPayment(customerB.id, {
      status: "refunded",
      refundedAmount: 250,
      completedAt: new Date("2026-02-28T23:59:59.999Z"),
    });
    await app.db.insert(paymentRefunds).values([
      {
        paymentId: refunded.id,
        userId: customerB.id,
        amount: 200,
        reason: "Cancelled",
        status: "completed",
        completedAt: new Date("2026-03-02T00:00:00Z"),
      },
      {
        paymentId: refunded.id,
        userId: customerB.id,
        amount: 50,
        reason: "Cancelled",
        status: "completed",
        completedAt: new Date("2026-03-02T00:00:00Z"),
      },
    ]);
    const free = await addPayment(customerB.id, {
      serviceType: "website",
      paymentNumber: 1,
      amount: 0,
      discount: 350,
      promotionCode: "FREEWEB",
      paymentMethod: "promotion",
      completedAt: new Date("2026-02-01T00:00:00Z"),
    });
    // Outside the period, or never completed: not in the file.
    await addPayment(customerB.id, {
      serviceType: "website",
      paymentNumber: 2,
      completedAt: new Date("2026-03-01T00:00:00Z"),
    });
    await addPayment(customerA.id, {
      serviceType: "website",
      paymentNumber: 2,
      completedAt: new Date("2025-12-31T23:59:59Z"),
    });
    await addPayment(customerB.id, { status: "pending" });
    await addPayment(customerA.id, { status: "rejected" });

    const response = await download(admin.user, "?from=2026-01-01&to=2026-02-28");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="payments-2026-01-01-to-2026-02-28.csv"; filename*=UTF-8''payments-2026-01-01-to-2026-02-28.csv`,
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await records(response)).toEqual([
      HEADER,
      `2026-01-15,${zelle.number},Ana Export,Google Business Profile Setup,Zelle,250.00,0.00,250.00,0.00`,
      `2026-02-01,${free.number},Blair Export,Website Development - Payment 1 of 2,Promotion code,350.00,350.00,0.00,0.00`,
      `2026-02-10,${discounted.number},Ana Export,Website Development - Payment 1 of 2,Card,350.00,70.00,280.00,0.00`,
      `2026-02-28,${refunded.number},Blair Export,Google Business Profile Setup,Zelle,250.00,0.00,250.00,250.00`,
    ]);
  });

  it("counts only completed refunds, quotes what needs quoting and never lets a cell run as a formula", async () => {
    await app.db
      .update(profiles)
      .set({ fullName: '=HYPERLINK("http://evil.test","Click")' })
      .where(eq(profiles.id, customerA.id));
    try {
      const payment = await addPayment(customerA.id, {
        refundedAmount: 25,
        completedAt: new Date("2026-04-04T10:00:00Z"),
      });
      await app.db.insert(paymentRefunds).values([
        {
          paymentId: payment.id,
          userId: customerA.id,
          amount: 25,
          reason: "Partial",
          status: "completed",
          completedAt: new Date(),
        },
        {
          paymentId: payment.id,
          userId: customerA.id,
          amount: 100,
          reason: "Waiting for Stripe",
          status: "pending",
          stripeRefundId: "re_export_pending",
        },
      ]);
      const rows = await records(await download(admin.user, "?from=2026-04-01&to=2026-04-30"));
      expect(rows[1]).toBe(
        `2026-04-04,${payment.number},"'=HYPERLINK(""http://evil.test"",""Click"")",Google Business Profile Setup,Zelle,250.00,0.00,250.00,25.00`,
      );
    } finally {
      await app.db.update(profiles).set({ fullName: "Ana Export" }).where(eq(profiles.id, customerA.id));
    }
  });

  it("writes the header, services and methods in the admin's language (UTF-8 with a BOM, for Excel's accents)", async () => {
    await addPayment(customerA.id, { paymentMethod: "card", completedAt: new Date("2026-05-05T10:00:00Z") });
    const response = await download({ ...admin.user, language: "es" }, "?from=2026-05-01&to=2026-05-31");
    const rows = await records(response);
    expect(rows[0]).toMatch(/^Fecha,Número de recibo,Cliente,Servicio,Método de pago,/);
    expect(rows[1]).toContain(",Configuración del Perfil de Google Business,Tarjeta,250.00,");
  });

  it("reads in batches by (completed_at, id): every row once, ties and microseconds included", async () => {
    const customers = [customerA, customerB];
    const ids: string[] = [];
    for (const [index, customer] of customers.entries()) {
      for (const [serviceType, paymentNumber] of [
        ["google_business", 1],
        ["website", 1],
        ["website", 2],
      ] as const) {
        const { id } = await addPayment(customer.id, {
          serviceType,
          paymentNumber,
          completedAt: new Date("2026-06-01T10:00:00Z"),
        });
        ids.push(id);
        // Half share one instant to the microsecond, the others differ from it by microseconds a JS Date cannot hold.
        const microseconds = index === 0 ? "123456" : `12345${paymentNumber + (serviceType === "website" ? 6 : 0)}`;
        await app.db.execute(
          sql`update payments set completed_at = ${`2026-06-01 10:00:00.${microseconds}+00`}::timestamptz where id = ${id}`,
        );
      }
    }
    const exported = exportPaymentsCsv(
      app.services,
      admin.user,
      { from: "2026-06-01", to: "2026-06-01" },
      i18nFor("en"),
      { batchSize: 2 },
    );
    const chunks: string[] = [];
    for await (const chunk of exported.chunks) chunks.push(chunk);
    // The header, then three batches of two.
    expect(chunks).toHaveLength(4);
    const rows = chunks.join("").slice(1).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(ids.length);
    const ordered = await app.db.execute<{ receipt_number: number }>(
      sql`select receipt_number from payments where completed_at >= '2026-06-01' order by completed_at, id`,
    );
    expect(rows.map((row) => row.split(",")[1])).toEqual(
      ordered.rows.map((row) => formatReceiptNumber(row.receipt_number)),
    );
  });

  it("is an empty file (the header alone) for a period without payments", async () => {
    expect(await records(await download(admin.user, "?from=2020-01-01&to=2020-01-31"))).toEqual([HEADER]);
  });

  it("refuses a period it cannot read with 400 and the reason, in the admin's language", async () => {
    for (const query of [
      "",
      "?from=2026-01-01",
      "?from=2026-02-30&to=2026-03-01",
      "?from=01/01/2026&to=2026-03-01",
      "?from=2026-01-01&to=tomorrow",
    ]) {
      const response = await download(admin.user, query);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: "invalid_period", message: "Enter the date as YYYY-MM-DD" },
      });
    }
    const reversed = await download(admin.user, "?from=2026-03-01&to=2026-01-01");
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({
      ok: false,
      error: { code: "invalid_period", message: "The start date must be on or before the end date" },
    });
    const spanish = await download({ ...admin.user, language: "es" }, "?from=2026-13-01&to=2026-12-31");
    expect(spanish.status).toBe(400);
    expect(await spanish.json()).toEqual({
      ok: false,
      error: { code: "invalid_period", message: "Escriba la fecha como AAAA-MM-DD" },
    });
  });

  it("is for admins only: staff and customers 403, visitors 401 (the use case checks whatever the route's guard did)", async () => {
    await addPayment(customerA.id, { completedAt: new Date("2026-01-15T12:00:00Z") });
    for (const [user, status] of [
      [staffA.user, 403],
      [customerA.user, 403],
      [null, 401],
    ] as const) {
      const response = await download(user, "?from=2026-01-01&to=2026-01-31");
      expect(response.status).toBe(status);
      expect(await response.text()).not.toContain("Ana Export");
      expect(() =>
        exportPaymentsCsv(app.services, user, { from: "2026-01-01", to: "2026-01-31" }, i18nFor("en")),
      ).toThrow();
    }
    await expectHttpError(
      Promise.resolve().then(() => exportPaymentsCsv(app.services, staffA.user, { from: "x", to: "y" }, i18nFor("en"))),
      403,
    );
  });
});
