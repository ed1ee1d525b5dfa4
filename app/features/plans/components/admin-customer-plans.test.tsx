import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { PlanSubscriptionView } from "../plan-views";
import { AdminCustomerPlans } from "./admin-customer-plans";

function render(subscriptions: PlanSubscriptionView[], locale: Locale = "en"): string {
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<AdminCustomerPlans subscriptions={subscriptions} />, locale)).replaceAll(
    "<!-- -->",
    "",
  );
}

const ACTIVE: PlanSubscriptionView = {
  id: "0b6f1a52-3c1e-4d0a-9f3b-2a7c5e8d9f10",
  planName: "Website Care",
  status: "active",
  price: 49,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: "2026-04-01T00:00:00.000Z",
  pastDueSince: null,
  startedAt: "2026-02-01T00:00:00.000Z",
  endedAt: null,
  charges: [
    {
      id: "7c0b0f7e-3b5c-4d0a-9a57-0f3e9d8f6a01",
      amount: 49,
      refundedAmount: 0,
      status: "completed",
      receiptNumber: 12,
      periodStart: "2026-02-01T00:00:00.000Z",
      periodEnd: "2026-03-01T00:00:00.000Z",
      paidAt: "2026-02-01T00:00:05.000Z",
    },
    {
      id: "8d1c1f8f-4c6d-4e1b-8b68-1f4fae9f7b12",
      amount: 49,
      refundedAmount: 20,
      status: "completed",
      receiptNumber: 15,
      periodStart: "2026-03-01T00:00:00.000Z",
      periodEnd: "2026-04-01T00:00:00.000Z",
      paidAt: "2026-03-01T00:00:05.000Z",
    },
  ],
};

/** The HTML of one subscription's card, by its plan's name. */
function card(html: string, name: string): string {
  const start = html.indexOf(`>${name}</h3>`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf('data-testid="customer-plan"', start);
  return html.slice(start, end === -1 ? undefined : end);
}

describe("the customer page's care plans", () => {
  it("shows a plan's standing, price, start, next charge and its charges with their receipts", () => {
    const html = card(render([ACTIVE]), "Website Care");
    expect(html).toContain('data-testid="plan-status"');
    expect(html).toContain(">Active<");
    expect(html).toContain("$49 a month");
    expect(html).toContain(">Since<");
    expect(html).toContain('>Next charge</dt><dd class="font-medium text-slate-900" data-testid="plan-period-end">');
    expect(html).toContain('dateTime="2026-04-01T00:00:00.000Z"');
    expect(html.match(/data-testid="plan-charge"/g)).toHaveLength(2);
    expect(html).toContain(`href="/receipts/${ACTIVE.charges[0]!.id}">Receipt 12</a>`);
    expect(html).toContain(`href="/receipts/${ACTIVE.charges[1]!.id}">Receipt 15</a>`);
    expect(html).toContain("$20.00");
    expect(html).not.toContain("Past due since");
  });

  it("says 'Ends on' once cancelled, since when a plan is past due, and when an ended one ended", () => {
    const html = render([
      { ...ACTIVE, id: "a", planName: "Cancelled", cancelAtPeriodEnd: true },
      {
        ...ACTIVE,
        id: "b",
        planName: "Failing",
        status: "past_due",
        pastDueSince: "2026-03-02T10:00:00.000Z",
        charges: [],
      },
      { ...ACTIVE, id: "c", planName: "Over", status: "ended", endedAt: "2026-01-31T00:00:00.000Z" },
    ]);
    expect(card(html, "Cancelled")).toContain(">Ends on<");
    expect(card(html, "Cancelled")).not.toContain(">Next charge<");
    const failing = card(html, "Failing");
    expect(failing).toContain(">Past due<");
    expect(failing).toContain('data-testid="plan-past-due-since"><time dateTime="2026-03-02T10:00:00.000Z"');
    expect(failing).toContain("No monthly charge yet.");
    const over = card(html, "Over");
    expect(over).toContain(">Ended on<");
    expect(over).toContain('dateTime="2026-01-31T00:00:00.000Z"');
    // An ended plan has no next charge.
    expect(over).not.toContain("plan-period-end");
  });

  it("reads in Spanish, and says when the customer has no plan", () => {
    const html = render([{ ...ACTIVE, planName: "Cuidado del sitio web", status: "past_due" }], "es");
    expect(html).toContain("Planes de mantenimiento");
    expect(html).toContain("al mes");
    expect(html).toContain("Pago vencido");
    expect(html).toContain("Recibo 12");
    expect(render([])).toContain("This customer has no care plan.");
  });
});
