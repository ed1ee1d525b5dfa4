import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { OwnDeletionStatus } from "../deletion-views";
import { DeleteAccountCard } from "./delete-account-card";

const none: OwnDeletionStatus = { available: true, blockers: [], pending: null, declined: null };

function render(status: OwnDeletionStatus, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: <DeleteAccountCard status={status} /> }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

describe("the Profile page's 'Delete my account' card", () => {
  it("says what is erased and what is kept, and offers the deletion at once when nothing is pending", () => {
    const html = render(none);
    expect(html).toContain("Delete my account");
    expect(html).toContain("What is erased");
    expect(html).toContain("your credentials and their passwords");
    expect(html).toContain("What is kept");
    expect(html).toContain("without your name, e-mail, phone or files");
    expect(html).not.toContain("Request deletion");
  });

  it("with a payment pending or a job in progress: says the agency confirms it first, and offers a request", () => {
    const html = render({ ...none, blockers: ["payment_pending", "job_in_progress"] });
    expect(html).toContain(
      "A payment is waiting for review; A paid job is in progress: the agency confirms your deletion first.",
    );
    expect(html).toContain("Request deletion");
  });

  it("a request waiting: says since when and why, and offers nothing more", () => {
    const html = render({
      ...none,
      blockers: ["payment_pending"],
      pending: { requestedAt: "2026-03-09T12:00:00.000Z", blockers: ["payment_pending"] },
    });
    expect(html).toContain(
      "Deletion requested on March 9, 2026. The agency confirms it first (A payment is waiting for review); we will tell you by e-mail.",
    );
    expect(html).not.toContain("Request deletion");
    expect(html).toContain('role="status"');
  });

  it("a request declined: the agency's reason, and the deletion offered again", () => {
    const html = render({
      ...none,
      blockers: ["job_in_progress"],
      declined: { decidedAt: "2026-03-09T12:00:00.000Z", reason: "We launch on Friday" },
    });
    expect(html).toContain("Your last request was declined: We launch on Friday");
    expect(html).toContain("Request deletion");
  });

  it("is not there for a team account", () => {
    expect(render({ ...none, available: false })).not.toContain("Delete my account");
  });

  it("speaks Spanish on a Spanish page", () => {
    const html = render(
      { ...none, pending: { requestedAt: "2026-03-09T12:00:00.000Z", blockers: ["payment_pending"] } },
      "es",
    );
    expect(html).toContain("Eliminar mi cuenta");
    expect(html).toContain("Qué se conserva");
    expect(html).toContain("Eliminación solicitada el 9 de marzo de 2026");
  });
});
