import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { RETENTION_DEFAULTS } from "~/domain/admin-settings";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { RetentionRun } from "../retention";
import { RetentionSettings } from "./retention-settings";

const RUN: RetentionRun = {
  startedAt: "2026-05-10T03:00:00.000Z",
  finishedAt: "2026-05-10T03:00:02.000Z",
  removed: { readNotifications: 12, auditEvents: 1, sentEmails: 0, lostLeads: 2 },
};

function render(lastRun: RetentionRun | null, locale: Locale = "en"): string {
  const router = createMemoryRouter([
    {
      path: "/",
      element: <RetentionSettings values={{ ...RETENTION_DEFAULTS, sentEmailsDays: 30 }} lastRun={lastRun} />,
    },
  ]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

describe("RetentionSettings", () => {
  it("has a labelled number field per kind of record, holding the saved days within their bounds, and says what is always kept", () => {
    const html = render(null);
    expect(html).toMatch(
      /<label for="retention-settings-readNotificationsDays"[^>]*>Read notifications \(days\)<\/label>/,
    );
    const input = (name: string) => html.match(new RegExp(`<input id="retention-settings-${name}"[^>]*>`))?.[0] ?? "";
    expect(input("auditEventsDays")).toMatch(
      /type="number" inputMode="numeric" min="90" max="3650" name="auditEventsDays" value="730"/,
    );
    expect(input("sentEmailsDays")).toMatch(/min="7" max="3650" name="sentEmailsDays" value="30"/);
    expect(input("lostLeadsDays")).toMatch(/min="30" max="3650" name="lostLeadsDays" value="365"/);
    expect(input("readNotificationsDays")).toContain(
      'aria-describedby="retention-settings-readNotificationsDays-hint"',
    );
    expect(html).toContain('name="section" value="retention"');
    expect(html).toContain("Unread notifications are always kept.");
    expect(html).toContain("The clean-up has not run yet. It runs once a day.");
  });

  it("says when the clean-up last ran (in the viewer's time zone, once in the browser) and what it removed, in English and Spanish", () => {
    const english = render(RUN);
    expect(english).toContain('Last clean-up: <time dateTime="2026-05-10T03:00:00.000Z">');
    expect(english).toContain("Removed: 12 read notifications, 1 audit event, 0 e-mails, 2 lost leads");
    const spanish = render(RUN, "es");
    expect(spanish).toContain("Última limpieza: <time");
    expect(spanish).toContain(
      "Eliminados: 12 notificaciones leídas, 1 evento de auditoría, 0 correos, 2 prospectos perdidos",
    );
    expect(spanish).toContain("Guardar configuración de conservación");
  });
});
