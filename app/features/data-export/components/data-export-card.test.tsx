import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import type { DataExportCardView, DataExportView } from "../data-export-views";
import { DataExportCard } from "./data-export-card";

function render(view: DataExportCardView, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element: <DataExportCard view={view} /> }]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const latest = (overrides: Partial<DataExportView>): DataExportView => ({
  id: "e-1",
  state: "ready",
  progress: 100,
  withSecrets: false,
  size: 2_500_000,
  requestedAt: "2026-03-01T10:00:00.000Z",
  readyAt: "2026-03-01T10:01:00.000Z",
  expiresAt: "2026-03-02T10:01:00.000Z",
  downloadUrl: "/exports/e-1/download",
  ...overrides,
});

describe("the 'Your data' card", () => {
  it("offers the export, with the optional password, to a customer who has none", () => {
    const html = render({ available: true, latest: null, nextAllowedAt: null });
    expect(html).toContain("Get a copy of everything we keep about you in one ZIP file");
    expect(html).toContain(
      "a summary page (summary.html) to open in your browser and read, a data.json file with the same data for other programs",
    );
    expect(html).toContain("Your password (optional)");
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Download my data<\/button>/);
    expect(html).toContain('value="request-data-export"');
  });

  it("shows the progress while the export is prepared, and no form", () => {
    const html = render({
      available: true,
      latest: latest({ state: "preparing", progress: 42, downloadUrl: null, size: null, expiresAt: null }),
      nextAllowedAt: "2026-03-02T10:00:00.000Z",
    });
    expect(html).toContain("Preparing your data… 42%");
    expect(html).toMatch(/role="progressbar" aria-label="Export progress"[^>]*aria-valuenow="42"/);
    expect(html).not.toContain("Your password (optional)");
    expect(html).not.toContain("You can ask for a new export after");
  });

  it("offers the download while it is ready, with its size and a warning when it holds passwords; the form waits a day", () => {
    const html = render({
      available: true,
      latest: latest({ withSecrets: true }),
      nextAllowedAt: "2026-03-02T10:00:00.000Z",
    });
    expect(html).toMatch(/<a href="\/exports\/e-1\/download" download=""[^>]*>.*Download ZIP \(2\.4 MB\)<\/a>/);
    expect(html).toContain("keep it somewhere safe");
    expect(html).toContain("You can ask for a new export after");
    expect(html).not.toContain("Your password (optional)");
  });

  it("says when the last one expired or failed, and offers a new one when the day is over", () => {
    const expired = render({
      available: true,
      latest: latest({ state: "expired", downloadUrl: null }),
      nextAllowedAt: null,
    });
    expect(expired).toContain("Your last export has expired and its file was deleted.");
    expect(expired).not.toContain("/exports/e-1/download");
    expect(expired).toContain("Your password (optional)");
    expect(
      render({ available: true, latest: latest({ state: "failed", downloadUrl: null }), nextAllowedAt: null }),
    ).toContain("We could not prepare your last export.");
  });

  it("is in Spanish on a Spanish page", () => {
    const html = render(
      { available: true, latest: latest({ state: "preparing", progress: 10, downloadUrl: null }), nextAllowedAt: null },
      "es",
    );
    expect(html).toContain("Preparando sus datos… 10%");
    expect(html).toContain("Puede salir de esta página: le avisaremos cuando esté lista.");
    const offer = render({ available: true, latest: null, nextAllowedAt: null }, "es");
    expect(offer).toContain("Descargar mis datos");
    expect(offer).toContain(
      "una página de resumen (summary.html) para abrir y leer en su navegador, un archivo data.json con los mismos datos para otros programas",
    );
  });
});
