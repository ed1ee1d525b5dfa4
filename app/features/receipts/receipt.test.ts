import { describe, expect, it } from "vitest";
import { receiptNumber, receiptPath, toReceiptView } from "./receipt";

describe("receiptNumber", () => {
  const payment = { id: "3f2a9c1b-77aa-4bcd-8e0f-0123456789ab", createdAt: new Date("2026-11-22T23:59:59Z") };

  it("is the payment's UTC date and the first 8 hex digits of its id, upper-case", () => {
    expect(receiptNumber(payment)).toBe("R-20261122-3F2A9C1B");
  });

  it("is stable: the same payment (as a Date or as its ISO string) gives the same number", () => {
    expect(receiptNumber({ ...payment, createdAt: payment.createdAt.toISOString() })).toBe(receiptNumber(payment));
  });

  it("differs between payments", () => {
    expect(receiptNumber({ ...payment, id: "0000aaaa-77aa-4bcd-8e0f-0123456789ab" })).not.toBe(receiptNumber(payment));
  });
});

describe("toReceiptView", () => {
  it("names the service and payment, the amount in dollars and the method", () => {
    const view = toReceiptView(
      { id: "3f2a9c1b-77aa-4bcd-8e0f-0123456789ab", userId: "u1", serviceType: "website", paymentNumber: 2, amount: 350, paymentMethod: "zelle", createdAt: new Date("2026-01-02T03:04:05Z") },
      { name: "Ana", email: "ana@example.com", companyName: "Ana Co" },
      { name: "Agency", supportEmail: "help@agency.test" },
    );
    expect(view).toMatchObject({
      number: "R-20260102-3F2A9C1B",
      service: "Website Development - Payment 2 of 2",
      amount: "$350",
      method: "Zelle",
      paidAt: "2026-01-02T03:04:05.000Z",
    });
    expect(receiptPath(view.paymentId)).toBe("/receipts/3f2a9c1b-77aa-4bcd-8e0f-0123456789ab");
  });
});
