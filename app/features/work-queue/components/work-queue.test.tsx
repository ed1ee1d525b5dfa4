import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import type { QueueRound, QueueStalled, QueueWaitingRound, WorkQueue as WorkQueueData } from "../work-queue-views";
import { WorkQueue } from "./work-queue";

const asOf = "2026-03-10T12:00:00.000Z";
const empty = { total: 0, items: [] };

function queue(lists: Partial<WorkQueueData> = {}): WorkQueueData {
  return {
    asOf,
    pendingPayments: empty,
    updatedInformation: empty,
    stalledCustomers: empty,
    unansweredMessages: empty,
    changesRequested: empty,
    waitingApproval: empty,
    uncontactedLeads: empty,
    pastDuePlans: empty,
    deletionRequests: empty,
    ...lists,
  };
}

function render(data: WorkQueueData, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: <WorkQueue queue={data} /> }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

/** The HTML of one list of the queue, from its section to the next. */
function section(html: string, id: string): string {
  const start = html.indexOf(`data-testid="${id}"`);
  expect(start).toBeGreaterThan(-1);
  const end = html.indexOf("<section", start);
  return html.slice(start, end === -1 ? undefined : end);
}

const sentBack: QueueRound = {
  userId: "11111111-1111-4111-8111-111111111111",
  customerName: "Ana Pérez",
  service: "website",
  version: 2,
  title: "Home page",
  since: "2026-03-07T12:00:00.000Z",
  comment: "Bigger logo, please",
};
const waiting: QueueWaitingRound = {
  userId: "22222222-2222-4222-8222-222222222222",
  customerName: "",
  service: "google_business",
  version: 1,
  title: "Profile draft",
  since: "2026-03-10T09:00:00.000Z",
  comment: null,
  lastRemindedAt: null,
};

describe("WorkQueue's review rounds", () => {
  it("lists rounds sent back with changes: the customer's service tab, the version, what to change and since when", () => {
    const html = section(
      render(queue({ changesRequested: { total: 1, items: [sentBack] } })),
      "queue-changes-requested",
    );
    expect(html).toContain("Changes requested");
    expect(html).toContain('data-testid="queue-changes-requested-count">1<');
    expect(html).toContain(`href="/admin/users/${sentBack.userId}/website"`);
    expect(html).toContain(">Ana Pérez</a>");
    expect(html).toContain("Website Development · v2: Home page");
    expect(html).toContain("Bigger logo, please");
    expect(html).toContain(
      'Sent back <time dateTime="2026-03-07T12:00:00.000Z" data-testid="queue-age">3 days ago</time>',
    );
  });

  it("lists rounds waiting for the customer's approval, and says when a list is empty", () => {
    const html = render(queue({ waitingApproval: { total: 3, items: [waiting] } }));
    const list = section(html, "queue-waiting-approval");
    expect(list).toContain("Waiting for customer approval");
    expect(list).toContain(`href="/admin/users/${waiting.userId}/google-business"`);
    expect(list).toContain("Unnamed customer");
    expect(list).toContain("Google Business Profile Setup · v1: Profile draft");
    expect(list).toContain(">3 hours ago</time>");
    expect(list).toContain("Showing the oldest 1 of 3");
    expect(section(html, "queue-changes-requested")).toContain("No customer is waiting for changes");
    expect(render(queue())).toContain("No version is waiting for a customer&#x27;s approval");
  });

  it("says when the customer of a waiting round was last reminded, and not on a round sent back", () => {
    const reminded = { ...waiting, lastRemindedAt: "2026-03-08T12:00:00.000Z" };
    const html = render(
      queue({
        waitingApproval: { total: 2, items: [reminded, waiting] },
        changesRequested: { total: 1, items: [sentBack] },
      }),
    );
    const list = section(html, "queue-waiting-approval");
    expect(list).toContain('Last reminded <time dateTime="2026-03-08T12:00:00.000Z">2 days ago</time>');
    expect(list).toContain("Not reminded yet");
    expect(section(html, "queue-changes-requested")).not.toContain("queue-last-reminded");
  });

  it("speaks Spanish on a Spanish page", () => {
    const html = section(
      render(queue({ changesRequested: { total: 1, items: [sentBack] } }), "es"),
      "queue-changes-requested",
    );
    expect(html).toContain("Cambios solicitados");
    expect(html).toContain("hace 3 días");
  });
});

describe("WorkQueue's stalled services", () => {
  const stalled: QueueStalled = {
    userId: "33333333-3333-4333-8333-333333333333",
    customerName: "Cleo Ruiz",
    service: "website",
    lastMovedAt: "2026-03-01T12:00:00.000Z",
    doneSteps: 2,
    totalSteps: 8,
    lastRemindedAt: null,
  };

  it("say how long each has not moved and when its customer was last reminded, or that they were not", () => {
    const html = section(
      render(
        queue({
          stalledCustomers: {
            total: 2,
            items: [stalled, { ...stalled, service: "google_business", lastRemindedAt: "2026-03-10T11:59:30.000Z" }],
          },
        }),
      ),
      "queue-stalled",
    );
    expect(html).toContain("Website Development: 2 of 8 steps done");
    expect(html).toContain('No progress for <time dateTime="2026-03-01T12:00:00.000Z">9 days</time>');
    expect(html).toContain("Not reminded yet");
    expect(html).toContain('Last reminded <time dateTime="2026-03-10T11:59:30.000Z">just now</time>');
  });
});

describe("WorkQueue for a staff member", () => {
  it("has no payments list and no decision form when the queue carries none (null), and keeps the others", () => {
    const html = render(
      queue({ pendingPayments: null, deletionRequests: null, changesRequested: { total: 1, items: [sentBack] } }),
    );
    expect(html).not.toContain('data-testid="queue-payments"');
    expect(html).not.toContain('data-testid="queue-deletions"');
    expect(html).not.toContain("Payments waiting for review");
    expect(html).not.toContain("Approve");
    expect(section(html, "queue-changes-requested")).toContain(">Ana Pérez</a>");
    expect(html).toContain('data-testid="queue-messages"');
    // An admin's empty list still says so.
    expect(section(render(queue()), "queue-payments")).toContain("No payments waiting for review");
  });
});

describe("WorkQueue's payments", () => {
  const proof = {
    id: "55555555-5555-4555-8555-555555555555",
    userId: "66666666-6666-4666-8666-666666666666",
    customerName: "Ana Pérez",
    serviceType: "website",
    paymentNumber: 1,
    amount: 280,
    discount: 70,
    promotionCode: "SPRING70",
    refundedAmount: 0,
    receiptNumber: null,
    paymentMethod: "zelle",
    status: "pending",
    proofUrl: null,
    proofThumbnailUrl: null,
    rejectionReason: null,
    adminNotes: null,
    plan: null,
    periodStart: null,
    createdAt: "2026-03-09T12:00:00.000Z",
  } as const;

  it("shows a proof for less than the price with its promotion code and the list price, in both languages", () => {
    const html = section(render(queue({ pendingPayments: { total: 1, items: [proof] } })), "queue-payments");
    expect(html).toContain(">$280</dd>");
    expect(html).toMatch(/data-testid="payment-promotion"[^>]*>Code SPRING70: -\$70 off the list price of \$350</);
    const es = section(render(queue({ pendingPayments: { total: 1, items: [proof] } }), "es"), "queue-payments");
    expect(es).toMatch(
      /data-testid="payment-promotion"[^>]*>Código SPRING70: -\$70 sobre el precio de lista de \$350</,
    );
    expect(
      section(
        render(
          queue({
            pendingPayments: { total: 1, items: [{ ...proof, amount: 350, discount: 0, promotionCode: null }] },
          }),
        ),
        "queue-payments",
      ),
    ).not.toContain("payment-promotion");
  });
});

describe("WorkQueue's deletion requests", () => {
  const request = {
    id: "33333333-3333-4333-8333-333333333333",
    userId: "44444444-4444-4444-8444-444444444444",
    customerName: "Ana Pérez",
    requestedAt: "2026-03-09T12:00:00.000Z",
    blockers: ["payment_pending" as const],
  };

  it("lists each request with the customer's page, what holds it back now, its age and both answers", () => {
    const html = section(render(queue({ deletionRequests: { total: 1, items: [request] } })), "queue-deletions");
    expect(html).toContain("Deletion requested");
    expect(html).toContain('data-testid="queue-deletions-count">1<');
    expect(html).toContain(`href="/admin/users/${request.userId}"`);
    expect(html).toContain("Waiting for the agency: A payment is waiting for review");
    expect(html).toContain("Asked 1 day ago");
    expect(html).toContain("Approve and delete");
    expect(html).toContain("Decline");
    expect(
      section(
        render(queue({ deletionRequests: { total: 1, items: [{ ...request, blockers: [] }] } })),
        "queue-deletions",
      ),
    ).toContain("Nothing holds it back any more");
    expect(section(render(queue()), "queue-deletions")).toContain(
      "No customer is waiting for their account to be deleted",
    );
  });

  it("speaks Spanish on a Spanish page", () => {
    const html = section(render(queue({ deletionRequests: { total: 1, items: [request] } }), "es"), "queue-deletions");
    expect(html).toContain("Eliminación solicitada");
    expect(html).toContain("Hay un pago pendiente de revisión");
  });
});

describe("the uncontacted leads' list", () => {
  const lead = {
    leadId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
    name: "Rosa Díaz",
    businessName: "Díaz Roofing",
    receivedAt: "2026-03-08T12:00:00.000Z",
  };

  it("links each lead to its page and says when it came in, in both languages", () => {
    const html = section(render(queue({ uncontactedLeads: { total: 1, items: [lead] } })), "queue-leads");
    expect(html).toContain("New leads not contacted for a day");
    expect(html).toContain(`href="/admin/leads/${lead.leadId}"`);
    expect(html).toContain("Díaz Roofing");
    expect(html).toMatch(/Came in <time dateTime="2026-03-08T12:00:00.000Z">2 days ago<\/time>/);
    const spanish = section(render(queue({ uncontactedLeads: { total: 1, items: [lead] } }), "es"), "queue-leads");
    expect(spanish).toContain(`href="/admin/leads/${lead.leadId}"`);
    expect(spanish).toMatch(/Llegó <time dateTime="2026-03-08T12:00:00.000Z">hace 2 días<\/time>/);
  });
});

describe("the plans past due", () => {
  const late = {
    subscriptionId: "7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    userId: "11111111-1111-4111-8111-111111111111",
    customerName: "Ana Pérez",
    planName: "Website Care",
    amount: 49,
    pastDueSince: "2026-03-06T12:00:00.000Z",
  };

  it("links each to the customer's page with the plan, its price a month and how long it has been past due", () => {
    const html = section(render(queue({ pastDuePlans: { total: 1, items: [late] } })), "queue-past-due-plans");
    expect(html).toContain("Plans past due");
    expect(html).toContain('data-testid="queue-past-due-plans-count">1<');
    expect(html).toContain(`href="/admin/users/${late.userId}"`);
    expect(html).toContain(">Ana Pérez</a>");
    expect(html).toContain("Website Care · $49 a month");
    expect(html).toContain(
      'Past due for <time dateTime="2026-03-06T12:00:00.000Z" data-testid="queue-age">4 days</time>',
    );
    const spanish = section(
      render(queue({ pastDuePlans: { total: 1, items: [{ ...late, planName: "Cuidado del sitio web" }] } }), "es"),
      "queue-past-due-plans",
    );
    expect(spanish).toContain("Cuidado del sitio web");
    expect(spanish).toContain("al mes");
    expect(spanish).toContain('data-testid="queue-age">4 días</time>');
  });

  it("says when none is past due, for a staff member too", () => {
    const html = section(render(queue({ pendingPayments: null, deletionRequests: null })), "queue-past-due-plans");
    expect(html).toContain("Every care plan&#x27;s charge went through");
  });
});
