import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { WEBSITE_STEPS } from "~/domain/progress-steps";
import type { NextStepInput } from "../next-step";
import { NextStepPanel } from "./next-step-panel";

function render(
  state: Omit<NextStepInput, "waitingRounds"> & Partial<NextStepInput>,
  progressLoaded = true,
  locale: Locale = "en",
): string {
  const full = { waitingRounds: { google_business: null, website: null }, ...state };
  const router = createMemoryRouter([
    { path: "/", element: <NextStepPanel state={full} cardEnabled progressLoaded={progressLoaded} /> },
  ]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const none = { google_business: false, website: false };
const at = "2026-01-01T00:00:00.000Z";

/** The part of the HTML that is one service's panel. */
function panel(html: string, service: string): string {
  const start = html.indexOf(`data-testid="next-step-${service}"`);
  expect(start).toBeGreaterThan(-1);
  // Google's panel comes first, the website's second.
  if (service === "website") return html.slice(start);
  return html.slice(start, html.indexOf('data-testid="next-step-website"'));
}

describe("NextStepPanel", () => {
  it("offers each service's price and payment button to a new customer", () => {
    const html = render({ payments: [], informationSent: none, steps: { google_business: null, website: null } });
    expect(panel(html, "google_business")).toContain("Pay $250");
    expect(panel(html, "website")).toContain("Pay $350");
    expect(html).toContain('data-state="pay"');
  });

  it("says the payment is being reviewed, with no action", () => {
    const html = render({
      payments: [{ serviceType: "google_business", paymentNumber: 1, status: "pending", createdAt: at }],
      informationSent: none,
      steps: { google_business: null, website: null },
    });
    const google = panel(html, "google_business");
    expect(google).toContain("We are reviewing your payment");
    expect(google).not.toContain("<button");
  });

  it("links to the form once paid, and to the checklist once the information is sent", () => {
    const payments = [
      { serviceType: "google_business", paymentNumber: 1, status: "completed", createdAt: at },
      { serviceType: "website", paymentNumber: 1, status: "completed", createdAt: at },
    ];
    const html = render({
      payments,
      informationSent: { google_business: false, website: true },
      steps: { google_business: null, website: null },
    });
    expect(panel(html, "google_business")).toContain('href="/dashboard/google-business"');
    expect(panel(html, "website")).toContain('href="#progress-website"');
    expect(panel(html, "website")).toContain("0 of 8 steps done");
    // Checklists that could not be read give no (wrong) count.
    const unread = render(
      {
        payments,
        informationSent: { google_business: false, website: true },
        steps: { google_business: null, website: null },
      },
      false,
    );
    expect(panel(unread, "website")).toContain("Follow each step in the checklist below.");
    expect(panel(unread, "website")).not.toContain("steps done");
  });

  it("asks for the approval of a waiting round, linking to the service's page, in both languages", () => {
    const payments = [{ serviceType: "google_business", paymentNumber: 1, status: "completed", createdAt: at }];
    const state = {
      payments,
      informationSent: { google_business: true, website: false },
      steps: { google_business: null, website: null },
      waitingRounds: { google_business: { version: 1, title: "Business description" }, website: null },
    };
    const google = panel(render(state), "google_business");
    expect(google).toContain('data-state="approval"');
    expect(google).toContain("Waiting for your approval");
    expect(google).toContain("v1: Business description");
    expect(google).toContain('href="/dashboard/google-business"');
    expect(google).toContain("Review and approve");
    const spanish = panel(render(state, true, "es"), "google_business");
    expect(spanish).toContain("Esperando su aprobación");
    expect(spanish).toContain("Revisar y aprobar");
  });

  it("offers the second payment when the site is in review, and says when everything is done", () => {
    const steps = Object.fromEntries(WEBSITE_STEPS.map((step) => [step.key, true]));
    const paidOnce = [{ serviceType: "website", paymentNumber: 1, status: "completed", createdAt: at }];
    const due = render({
      payments: paidOnce,
      informationSent: { google_business: false, website: true },
      steps: { google_business: null, website: steps },
    });
    expect(panel(due, "website")).toContain("Pay Second 50% ($350)");
    const done = render({
      payments: [...paidOnce, { serviceType: "website", paymentNumber: 2, status: "completed", createdAt: at }],
      informationSent: { google_business: false, website: true },
      steps: { google_business: null, website: steps },
    });
    expect(panel(done, "website")).toContain("All done");
    expect(panel(done, "website")).not.toContain("<button");
  });

  it("speaks Spanish on a Spanish page: headings, sentences, counts and prices formatted for es", () => {
    const html = render(
      { payments: [], informationSent: none, steps: { google_business: null, website: null } },
      true,
      "es",
    );
    expect(html).toContain("Su próximo paso");
    expect(panel(html, "google_business")).toContain("Perfil de Google Business");
    expect(panel(html, "google_business")).toContain(
      "Con $250 comenzamos la configuración de su Perfil de Google Business.",
    );
    expect(panel(html, "google_business")).toContain("Pagar $250");
    expect(panel(html, "website")).toContain("El primer 50 % ($350) pone en marcha su sitio web.");
    expect(html).not.toContain("Your next step");
    const payments = [{ serviceType: "website", paymentNumber: 1, status: "completed", createdAt: at }];
    const working = render(
      {
        payments,
        informationSent: { google_business: false, website: true },
        steps: { google_business: null, website: null },
      },
      true,
      "es",
    );
    expect(panel(working, "website")).toContain("0 de 8 pasos completados.");
    expect(panel(working, "website")).toContain("Ver la lista de verificación");
  });
});
