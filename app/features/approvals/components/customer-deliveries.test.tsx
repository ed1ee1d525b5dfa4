import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { DeliveredFileView } from "~/features/delivered-files/delivered-file-views";
import { DeliveredFilesList } from "~/features/delivered-files/components/delivered-files-list";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import type { ReviewRoundView } from "../review-round-views";
import { CustomerDeliveries } from "./customer-deliveries";

function render(element: React.ReactElement, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  // React separates adjacent text with comments; the test reads the text as a browser shows it.
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const round = (version: number, decision: ReviewRoundView["decision"]): ReviewRoundView => ({
  id: `00000000-0000-4000-8000-00000000000${version}`,
  service: "website",
  purpose: "draft",
  version,
  title: `Design ${version}`,
  message: "",
  link: null,
  files: [],
  createdAt: "2026-03-01T10:00:00.000Z",
  authorName: "Admin",
  decision,
  comment: decision === "changes_requested" ? "Bigger logo" : null,
  decidedAt: decision ? "2026-03-02T10:00:00.000Z" : null,
});

const file: DeliveredFileView = {
  id: "10000000-0000-4000-8000-000000000001",
  service: "website",
  name: "Logo set.zip",
  size: 2_621_440,
  downloadUrl: "/files/delivered/abc.zip?name=Logo%20set.zip",
  createdAt: "2026-03-03T10:00:00.000Z",
};

describe("CustomerDeliveries", () => {
  it("shows nothing before the agency sends a round or a file", () => {
    expect(render(<CustomerDeliveries rounds={[]} files={[]} />)).toBe("");
  });

  it("puts the round waiting for the customer first, with the decision, then the earlier ones and the files", () => {
    const html = render(<CustomerDeliveries rounds={[round(2, null), round(1, "changes_requested")]} files={[file]} />);
    expect(html).toContain('<h2 class="sr-only">Approvals</h2>');
    expect(html).toContain("Waiting for your approval");
    expect(html).toContain("v2: Design 2");
    expect(html).toContain(">Approve</button>");
    expect(html).toContain("Earlier versions");
    expect(html.indexOf('data-testid="waiting-round"')).toBeLessThan(html.indexOf('data-testid="delivered-files"'));
    expect(html).toContain(
      '<h2 id="delivered-files-heading" class="mb-3 text-lg font-semibold text-slate-900">Files</h2>',
    );
    expect(html).toMatch(
      /<a href="\/files\/delivered\/abc.zip\?name=Logo%20set.zip" download="Logo set.zip"[^>]*>.*Logo set.zip<\/a>/,
    );
    expect(html).toContain("2.5 MB · ");
    expect(html).toContain('<time dateTime="2026-03-03T10:00:00.000Z">');
  });

  it("says what a waiting round asks the customer to approve: a draft, or the finished site for launch, in both languages", () => {
    expect(render(<CustomerDeliveries rounds={[round(1, null)]} files={[]} />)).toContain(
      "A draft: approve it, or tell us what to change.",
    );
    const launch = { ...round(2, null), purpose: "launch" as const };
    expect(render(<CustomerDeliveries rounds={[launch]} files={[]} />)).toContain(
      "The finished site, for launch: approving it tells us it is ready to go live, and the website&#x27;s second payment is then due.",
    );
    expect(render(<CustomerDeliveries rounds={[launch]} files={[]} />, "es")).toContain(
      "El sitio terminado, para publicarlo: al aprobarlo nos indica que está listo para salir en línea",
    );
  });

  it("files the approved round under 'Versions' when none waits: it is the one in force, not an earlier one", () => {
    const html = render(
      <CustomerDeliveries rounds={[round(2, "approved"), round(1, "changes_requested")]} files={[]} />,
    );
    expect(html).toContain(">Versions</h3>");
    expect(html).not.toContain("Earlier versions");
  });

  it("shows only the files when no round was sent, in the page's language", () => {
    const html = render(<CustomerDeliveries rounds={[]} files={[file]} />, "es");
    expect(html).not.toContain("sr-only");
    expect(html).toContain(">Archivos</h2>");
    expect(html).toContain('aria-label="Archivos"');
  });
});

describe("DeliveredFilesList", () => {
  it("puts the admin's actions at the end of each row", () => {
    const html = render(
      <DeliveredFilesList files={[file]} renderActions={(row) => <button type="button">Remove {row.name}</button>} />,
    );
    expect(html).toContain('<button type="button">Remove Logo set.zip</button>');
    expect(render(<DeliveredFilesList files={[]} />)).toBe("");
  });
});
