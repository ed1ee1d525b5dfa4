import { describe, expect, it } from "vitest";
import { checkoutReturnPath, DEFAULT_CHECKOUT_RETURN, paymentRefusal, proofStem } from "./payment-rules";
import { paymentTargetSchema } from "./payments.schemas";

const p = (serviceType: string, paymentNumber: number, status: string) => ({ serviceType, paymentNumber, status });

describe("paymentRefusal", () => {
  it("allows a first payment and a retry after a rejection", () => {
    expect(paymentRefusal([], "google_business", 1)).toBeNull();
    expect(paymentRefusal([p("google_business", 1, "rejected")], "google_business", 1)).toBeNull();
    expect(paymentRefusal([p("website", 1, "completed")], "google_business", 1)).toBeNull();
  });

  it("refuses while a payment is pending (409) or after it is completed (409)", () => {
    const pending = paymentRefusal([p("google_business", 1, "pending")], "google_business", 1);
    expect([pending?.code, pending?.status, pending?.message]).toEqual([
      "payment_pending_review",
      409,
      "A payment for Google Business Profile Setup is already pending review",
    ]);
    expect(paymentRefusal([p("google_business", 1, "on-hold")], "google_business", 1)?.message).toMatch(
      /pending review/,
    );
    const paid = paymentRefusal(
      [p("google_business", 1, "rejected"), p("google_business", 1, "completed")],
      "google_business",
      1,
    );
    expect([paid?.code, paid?.message]).toEqual([
      "payment_already_paid",
      "Google Business Profile Setup is already paid",
    ]);
  });

  it("treats a payment refunded in full like a rejected one (it may be paid again), a partly refunded one as paid", () => {
    expect(paymentRefusal([p("google_business", 1, "refunded")], "google_business", 1)).toBeNull();
    expect(
      paymentRefusal([p("google_business", 1, "refunded"), p("google_business", 1, "rejected")], "google_business", 1),
    ).toBeNull();
    // Partly refunded stays completed.
    expect(paymentRefusal([p("google_business", 1, "completed")], "google_business", 1)?.code).toBe(
      "payment_already_paid",
    );
    // Website payment 2 needs payment 1 completed: refunded in full, it is not.
    expect(paymentRefusal([p("website", 1, "refunded")], "website", 2)?.code).toBe("payment_out_of_order");
    expect(paymentRefusal([p("website", 1, "completed"), p("website", 2, "refunded")], "website", 2)).toBeNull();
  });

  it("offers website payment 2 only after payment 1 is completed (400 before)", () => {
    const message = "Payment 1 of 2 must be completed before payment 2";
    for (const existing of [[], [p("website", 1, "pending")], [p("website", 1, "rejected")]]) {
      const refusal = paymentRefusal(existing, "website", 2);
      expect([refusal?.code, refusal?.status, refusal?.message]).toEqual(["payment_out_of_order", 400, message]);
    }
    expect(paymentRefusal([p("website", 1, "completed")], "website", 2)).toBeNull();
    expect(paymentRefusal([p("website", 1, "completed"), p("website", 2, "pending")], "website", 2)?.message).toBe(
      "A payment for Website Development - Payment 2 of 2 is already pending review",
    );
  });
});

describe("proof rules", () => {
  it("names the stored file after the service and the payment's number", () => {
    expect(proofStem("website", 2)).toBe("website_payment_2");
  });
});

describe("checkoutReturnPath", () => {
  it("returns only to a dashboard page", () => {
    expect(checkoutReturnPath("/dashboard/website")).toBe("/dashboard/website");
    expect(checkoutReturnPath("/dashboard/google-business")).toBe("/dashboard/google-business");
    for (const bad of [
      "https://evil.test/dashboard",
      "//evil.test",
      "/admin/users",
      "/dashboard/../admin",
      "/dashboard/x?y=1",
      5,
      undefined,
    ]) {
      expect(checkoutReturnPath(bad)).toBe(DEFAULT_CHECKOUT_RETURN);
    }
  });
});

describe("paymentTargetSchema", () => {
  it("accepts the catalog's payments only", () => {
    expect(paymentTargetSchema.parse({ serviceType: "website", paymentNumber: "2" })).toEqual({
      serviceType: "website",
      paymentNumber: 2,
    });
    expect(
      paymentTargetSchema.safeParse({ serviceType: "google_business", paymentNumber: 2 }).error?.issues[0]?.message,
    ).toBe("Invalid payment number");
    expect(paymentTargetSchema.safeParse({ serviceType: "seo", paymentNumber: 1 }).error?.issues[0]?.message).toBe(
      "Unknown service",
    );
    expect(paymentTargetSchema.safeParse({ serviceType: "website", paymentNumber: "1.5" }).success).toBe(false);
  });
});
