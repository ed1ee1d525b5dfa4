import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "~/locales/en/messages.po";
import {
  amountText,
  fullRefundConsequence,
  isRefundable,
  refundDialogSchema,
  refundPaymentSchema,
  refundsInFull,
  remainingRefundCents,
  statusAfterRefunds,
  toCents,
} from "./payment-refunds";

const english = setupI18n({ locale: "en", messages: { en } });
const PAYMENT = "0b8a3a8e-6a43-4c8e-9d7e-3f1d2c9b5a10";

describe("what is left to refund", () => {
  it("is the amount less the completed refunds and the card refunds waiting for Stripe, in cents, never below zero", () => {
    expect(remainingRefundCents({ amount: 250, refundedAmount: 0 })).toBe(25_000);
    expect(remainingRefundCents({ amount: 250, refundedAmount: 100.1 })).toBe(14_990);
    expect(remainingRefundCents({ amount: 250, refundedAmount: 100 }, 5_000)).toBe(10_000);
    expect(remainingRefundCents({ amount: 250, refundedAmount: 250 })).toBe(0);
    expect(remainingRefundCents({ amount: 250, refundedAmount: 200 }, 9_000)).toBe(0);
    // Float dollars never leave a stray cent.
    expect(remainingRefundCents({ amount: 0.3, refundedAmount: 0.1 }, toCents(0.2))).toBe(0);
  });

  it("lets only a completed payment with something left be refunded", () => {
    expect(isRefundable({ status: "completed", amount: 250, refundedAmount: 0 })).toBe(true);
    expect(isRefundable({ status: "completed", amount: 250, refundedAmount: 125 })).toBe(true);
    expect(isRefundable({ status: "completed", amount: 250, refundedAmount: 125 }, 12_500)).toBe(false);
    expect(isRefundable({ status: "refunded", amount: 250, refundedAmount: 250 })).toBe(false);
    expect(isRefundable({ status: "pending", amount: 250, refundedAmount: 0 })).toBe(false);
    expect(isRefundable({ status: "rejected", amount: 250, refundedAmount: 0 })).toBe(false);
    // A free payment (a 100% promotion code) has nothing to give back.
    expect(isRefundable({ status: "completed", amount: 0, refundedAmount: 0 })).toBe(false);
  });

  it("knows when a refund empties the payment, and the status that follows", () => {
    expect(refundsInFull({ amount: 250, refundedAmount: 0 }, 25_000)).toBe(true);
    expect(refundsInFull({ amount: 250, refundedAmount: 100 }, 15_000)).toBe(true);
    expect(refundsInFull({ amount: 250, refundedAmount: 100 }, 10_000, 5_000)).toBe(true);
    expect(refundsInFull({ amount: 250, refundedAmount: 0 }, 12_500)).toBe(false);
    expect(statusAfterRefunds(250, 25_000)).toBe("refunded");
    expect(statusAfterRefunds(250, 24_999)).toBe("completed");
  });

  it("starts the dialog with all that is left, as a person types it", () => {
    expect(amountText(25_000)).toBe("250");
    expect(amountText(12_550)).toBe("125.50");
    expect(amountText(5)).toBe("0.05");
  });
});

describe("the refund's input", () => {
  it("takes an amount above zero with at most two decimals and a reason, trimmed, of sensible length", () => {
    expect(refundPaymentSchema.parse({ paymentId: PAYMENT, amount: 125.5, reason: "  Duplicate transfer " })).toEqual({
      paymentId: PAYMENT,
      amount: 125.5,
      reason: "Duplicate transfer",
    });
    const message = (input: Record<string, unknown>) =>
      refundPaymentSchema.safeParse({ paymentId: PAYMENT, amount: 10, reason: "Why", ...input }).error?.issues[0]
        ?.message;
    expect(message({ amount: 0 })).toBe("The refund must be more than $0");
    expect(message({ amount: -5 })).toBe("The refund must be more than $0");
    expect(message({ amount: 10.005 })).toBe("Use at most two decimals (cents)");
    expect(message({ reason: "   " })).toBe("Please write the reason for the refund");
    expect(message({ reason: "x".repeat(501) })).toBe("The reason can be at most 500 characters");
    expect(message({ amount: 0.01 })).toBeUndefined();
  });

  it("in the browser, refuses more than what is left", () => {
    const schema = refundDialogSchema(12_500);
    const form = { intent: "refund-payment", paymentId: PAYMENT, reason: "Why" };
    expect(schema.safeParse({ ...form, amount: 125 }).success).toBe(true);
    expect(schema.safeParse({ ...form, amount: 125.01 }).error?.issues[0]).toMatchObject({
      path: ["amount"],
      message: "The refund is more than what is left to refund on this payment",
    });
  });
});

describe("what the refund says", () => {
  it("warns, before a full refund, which page it locks again", () => {
    expect(fullRefundConsequence(english, "google_business", 1)).toBe(
      "This refunds the whole payment: it will no longer unlock the Google Business Profile form.",
    );
    expect(fullRefundConsequence(english, "website", 1)).toBe(
      "This refunds the whole payment: it will no longer unlock the Website form.",
    );
    expect(fullRefundConsequence(english, "website", 2)).toBe(
      "This refunds the whole payment: the customer will be asked to pay it again.",
    );
  });
});
