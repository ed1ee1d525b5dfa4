import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import type { AdminPaymentView, RefundView } from "~/features/payments/refunds/refund-views";
import { AdminPaymentCard } from "./admin-payment-card";

function render(payment: AdminPaymentView, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: <AdminPaymentCard payment={payment} /> }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const refund = (over: Partial<RefundView> = {}): RefundView => ({
  id: "7c0b0f7e-3b5c-4d0a-9a57-0f3e9d8f6a01",
  amount: 50,
  reason: "Duplicate transfer",
  status: "completed",
  refundedBy: "Alex Admin",
  createdAt: "2026-03-02T10:00:00.000Z",
  completedAt: "2026-03-02T10:00:00.000Z",
  ...over,
});

const payment = (over: Partial<AdminPaymentView> = {}): AdminPaymentView => ({
  id: "0b8a3a8e-6a43-4c8e-9d7e-3f1d2c9b5a10",
  userId: "5f2c1d9e-8a7b-4c3d-9e1f-2a3b4c5d6e7f",
  serviceType: "google_business",
  plan: null,
  periodStart: null,
  paymentNumber: 1,
  amount: 250,
  discount: 0,
  promotionCode: null,
  refundedAmount: 0,
  receiptNumber: 1,
  paymentMethod: "zelle",
  status: "completed",
  proofUrl: null,
  rejectionReason: null,
  adminNotes: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  refunds: [],
  ...over,
});

describe("the admin's payment card", () => {
  it("offers 'Refund' on a completed payment with something left, never on a pending, refunded or fully promised one", () => {
    expect(render(payment())).toContain('data-testid="refund-button"');
    expect(render(payment({ status: "pending" }))).not.toContain('data-testid="refund-button"');
    expect(render(payment({ status: "refunded", refundedAmount: 250 }))).not.toContain('data-testid="refund-button"');
    // A card refund still waiting for Stripe is promised already.
    const promised = payment({ paymentMethod: "card", refunds: [refund({ amount: 250, status: "pending" })] });
    expect(render(promised)).not.toContain('data-testid="refund-button"');
  });

  it("says 'Partially refunded' with how much, and lists each refund with who made it and where it stands", () => {
    const html = render(
      payment({
        refundedAmount: 50,
        refunds: [
          refund(),
          refund({ id: "b1", amount: 20, status: "failed", refundedBy: null, reason: "Refunded in Stripe" }),
        ],
      }),
    );
    expect(html).toMatch(/data-testid="payment-status"[^>]*>Partially refunded</);
    expect(html).toMatch(/data-testid="payment-refunded"[^>]*>\$50 of \$250</);
    expect(html).toContain("Duplicate transfer");
    expect(html).toContain("Alex Admin");
    expect(html).toContain("Stripe");
    expect(html.match(/data-testid="payment-refund"/g)).toHaveLength(2);
    expect(html).toMatch(/data-testid="refund-status"[^>]*>Failed</);
    // Still refundable, and the receipt is there.
    expect(html).toContain("View receipt");
    expect(render(payment({ status: "refunded", refundedAmount: 250 }))).toMatch(
      /data-testid="payment-status"[^>]*>Refunded</,
    );
  });

  it("shows the promotion code and its discount when there is one", () => {
    expect(render(payment({ amount: 200, discount: 50, promotionCode: "SPRING20" }))).toMatch(
      /data-testid="payment-promotion"[^>]*>Code SPRING20: -\$50 off the list price of \$250</,
    );
    expect(render(payment())).not.toContain("payment-promotion");
  });

  it("names the decision's note for who reads it: the customer, never 'internal'", () => {
    const pending = render(payment({ status: "pending" }));
    expect(pending).toContain("Message to the customer (optional)");
    expect(pending).toContain("A note only the team reads goes in this customer&#x27;s Notes tab.");
    expect(pending).not.toMatch(/internal/i);
  });

  it("shows a decided payment's message as text, not as a field that looks editable", () => {
    const approved = render(payment({ adminNotes: "Transfer received,\nthanks" }));
    expect(approved).toMatch(
      /data-testid="decision-message"[\s\S]*Message sent to the customer[\s\S]*Transfer received,\nthanks/,
    );
    expect(approved).not.toContain("<textarea");
    expect(render(payment({ status: "rejected", adminNotes: "The photo is unreadable" }))).toContain(
      "The photo is unreadable",
    );
    expect(render(payment())).toContain("None: the decision went without a message.");
    // A card payment is decided by no one: the server's own note is shown as such, and no note means no section.
    expect(render(payment({ paymentMethod: "card", adminNotes: "Paid by card while a proof was pending" }))).toContain(
      "Payment notes",
    );
    expect(render(payment({ paymentMethod: "card" }))).not.toContain("decision-message");
  });

  it("is in Spanish on a Spanish page", () => {
    const html = render(payment({ refundedAmount: 50, refunds: [refund()] }), "es");
    expect(html).toContain("Reembolsado parcialmente");
    expect(html).toContain("Reembolsos");
    expect(html).toContain("Reembolsar");
  });
});
