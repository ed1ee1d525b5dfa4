import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as es } from "~/locales/es/messages.po";
import {
  formatReceiptNumber,
  receiptFileName,
  receiptLines,
  receiptPath,
  receiptPdfPath,
  toReceiptView,
  type ReceiptRefund,
} from "./receipt";

const english = setupI18n({ locale: "en", messages: { en: {} } });
const spanish = setupI18n({ locale: "es", messages: { es } });

describe("formatReceiptNumber", () => {
  it("is R- and the sequence number, zero-padded to six digits", () => {
    expect(formatReceiptNumber(1)).toBe("R-000001");
    expect(formatReceiptNumber(42)).toBe("R-000042");
    expect(formatReceiptNumber(999_999)).toBe("R-999999");
  });

  it("grows past 999999 instead of cutting digits, so no two receipts share a number", () => {
    expect(formatReceiptNumber(1_000_000)).toBe("R-1000000");
    expect(formatReceiptNumber(12_345_678)).toBe("R-12345678");
    expect(formatReceiptNumber(1_000_000)).not.toBe(formatReceiptNumber(100_000));
  });

  it("refuses what is not a sequence number", () => {
    for (const wrong of [0, -1, 1.5, Number.NaN]) expect(() => formatReceiptNumber(wrong)).toThrow(RangeError);
  });
});

const PAYMENT = {
  id: "3f2a9c1b-77aa-4bcd-8e0f-0123456789ab",
  userId: "u1",
  serviceType: "website",
  paymentNumber: 2,
  amount: 350,
  discount: 0,
  promotionCode: null,
  paymentMethod: "zelle",
  status: "completed",
  receiptNumber: 42,
  completedAt: new Date("2026-01-02T03:04:05Z"),
} as const;
const CUSTOMER = { name: "Ana", email: "ana@example.com", companyName: "Ana Co" };
const AGENCY = {
  name: "Agency",
  supportEmail: "help@agency.test",
  address: "1 Main St\nMiami, FL 33101",
  taxId: "12-3456789",
};

function view(payment: Partial<Parameters<typeof toReceiptView>[0]> = {}, refunds: ReceiptRefund[] = []) {
  return toReceiptView({ ...PAYMENT, ...payment }, refunds, CUSTOMER, AGENCY);
}

describe("toReceiptView", () => {
  it("numbers the receipt from the sequence and dates it by its completion", () => {
    const receipt = view();
    expect(receipt).toMatchObject({
      number: "R-000042",
      paidAt: "2026-01-02T03:04:05.000Z",
      serviceType: "website",
      paymentNumber: 2,
      listPrice: 350,
      discount: 0,
      amountPaid: 350,
      refunds: [],
      agency: AGENCY,
    });
    expect(receiptPath(receipt.paymentId)).toBe("/receipts/3f2a9c1b-77aa-4bcd-8e0f-0123456789ab");
    expect(receiptPdfPath(receipt.paymentId)).toBe("/receipts/3f2a9c1b-77aa-4bcd-8e0f-0123456789ab/pdf");
    expect(receiptFileName(receipt)).toBe("receipt-R-000042.pdf");
  });

  it("keeps the list price in whole cents (amount + discount)", () => {
    expect(view({ amount: 280.1, discount: 69.9 }).listPrice).toBe(350);
    expect(view({ amount: 0.1, discount: 0.2 }).listPrice).toBe(0.3);
  });
});

describe("receiptLines", () => {
  it("without a code or refunds: the amount paid alone, with cents", () => {
    expect(receiptLines(view(), english)).toEqual({
      charges: [{ id: "paid", label: "Amount paid", amount: "$350.00" }],
      refunds: [],
      net: null,
      status: null,
    });
  });

  it("with a promotion code: the list price, the discount naming the code, then what was paid", () => {
    const lines = receiptLines(view({ amount: 250, discount: 50, promotionCode: "SPRING20" }), english);
    expect(lines.charges).toEqual([
      { id: "list-price", label: "List price", amount: "$300.00" },
      { id: "discount", label: "Discount (SPRING20)", amount: "-$50.00" },
      { id: "paid", label: "Amount paid", amount: "$250.00" },
    ]);
    expect(lines.net).toBeNull();
  });

  it("a 100% code: the whole list price off and $0.00 paid", () => {
    const lines = receiptLines(
      view({ amount: 0, discount: 350, promotionCode: "FREEWEB", paymentMethod: "promotion" }),
      english,
    );
    expect(lines.charges.map((line) => line.amount)).toEqual(["$350.00", "-$350.00", "$0.00"]);
  });

  it("with refunds: each refund taken off, the net after them and 'Partially refunded'", () => {
    const refunds = [
      { date: "2026-01-05T10:00:00.000Z", amount: 50, reason: "Late delivery" },
      { date: "2026-01-06T10:00:00.000Z", amount: 25.5, reason: "Goodwill" },
    ];
    const lines = receiptLines(view({ amount: 250, discount: 50, promotionCode: "SPRING20" }, refunds), english);
    expect(lines.refunds).toEqual([
      { date: "2026-01-05T10:00:00.000Z", amount: "-$50.00", reason: "Late delivery" },
      { date: "2026-01-06T10:00:00.000Z", amount: "-$25.50", reason: "Goodwill" },
    ]);
    expect(lines.net).toEqual({ id: "net", label: "Net amount after refunds", amount: "$174.50" });
    expect(lines.status).toBe("Partially refunded");
  });

  it("refunded in full: net $0.00 and 'Refunded'", () => {
    const lines = receiptLines(
      view({ status: "refunded" }, [{ date: "2026-01-05T10:00:00.000Z", amount: 350, reason: "Cancelled" }]),
      english,
    );
    expect(lines.net?.amount).toBe("$0.00");
    expect(lines.status).toBe("Refunded");
    expect(receiptLines(view({ status: "refunded" }), english).status).toBe("Refunded");
  });

  it("in Spanish", () => {
    const lines = receiptLines(
      view({ amount: 250, discount: 50, promotionCode: "SPRING20" }, [
        { date: "2026-01-05T10:00:00.000Z", amount: 50, reason: "x" },
      ]),
      spanish,
    );
    expect(lines.charges.map((line) => line.label)).toEqual([
      "Precio de lista",
      "Descuento (SPRING20)",
      "Monto pagado",
    ]);
    expect(lines.net?.label).toBe("Monto neto después de reembolsos");
    expect(lines.status).toBe("Reembolsado parcialmente");
  });
});
