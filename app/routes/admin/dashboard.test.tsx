import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { DashboardFigures } from "~/features/analytics/analytics-views";
import type { WorkQueue } from "~/features/work-queue/work-queue-views";
import { inLanguage } from "~/lib/i18n/test-i18n";
import AdminDashboard from "./dashboard";

const empty = { total: 0, items: [] };
const FIGURES: DashboardFigures = {
  revenueThisMonth: 1250,
  monthStart: "2026-03-01",
  today: "2026-03-10",
  inProgress: 4,
  leadsThisMonth: 3,
  leadsWonThisMonth: 1,
};

function render(figures: DashboardFigures | null, pendingPayments: WorkQueue["pendingPayments"]): string {
  const queue: WorkQueue = {
    asOf: "2026-03-10T12:00:00.000Z",
    pendingPayments,
    updatedInformation: empty,
    stalledCustomers: empty,
    unansweredMessages: empty,
    changesRequested: empty,
    waitingApproval: empty,
    uncontactedLeads: empty,
    pastDuePlans: empty,
    deletionRequests: pendingPayments ? empty : null,
  };
  const loaderData = { queue, figures, title: "" };
  const props = { loaderData, params: {}, matches: [] } as unknown as Parameters<typeof AdminDashboard>[0];
  const element = <AdminDashboard {...props} />;
  const router = createMemoryRouter([{ path: "/", element: inLanguage(element) }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(<RouterProvider router={router} />).replaceAll("<!-- -->", "");
}

describe("the dashboard page", () => {
  it("shows an admin the figures (revenue) above the whole work queue", () => {
    const html = render(FIGURES, empty);
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain('data-testid="dashboard-figure-revenue"');
    expect(html).toContain("$1,250");
    expect(html).toContain('data-testid="queue-payments"');
  });

  it("shows a staff member their work queue only: no figures, no revenue, no payments", () => {
    const html = render(null, null);
    expect(html).toContain(">Dashboard</h1>");
    expect(html).toContain("The work waiting on the customers assigned to you.");
    expect(html).not.toContain("dashboard-figure-");
    expect(html).not.toContain("Revenue");
    expect(html).not.toContain('data-testid="queue-payments"');
    expect(html).toContain('data-testid="queue-messages"');
  });
});
