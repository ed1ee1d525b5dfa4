import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import type { Locale } from "~/lib/i18n/locales";
import { AdminProgressChecklist } from "./admin-progress-checklist";
import { ProgressCards } from "./progress-card";

function render(element: React.ReactElement, locale: Locale = "en"): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(inLanguage(<RouterProvider router={router} />, locale)).replaceAll("<!-- -->", "");
}

const google = {
  steps: { informationCollection: false, profileCreation: true },
  doneAt: {},
  updatedAt: "2026-03-01T10:00:00.000Z",
};

describe("the customer's progress cards", () => {
  it("are in Spanish on a Spanish page, step names included (the English step labels translated)", () => {
    const html = render(
      <ProgressCards load={{ ok: true, progress: { google_business: google, website: null } }} />,
      "es",
    );
    expect(html).toContain("Perfil de Google Business");
    expect(html).toContain("Progreso general");
    expect(html).toMatch(
      /role="progressbar" aria-label="Progreso de Perfil de Google Business"[^>]*aria-valuenow="17"/,
    );
    expect(html).toContain('Creación del perfil</span><span class="sr-only">completado</span>');
    expect(html).toContain('Recopilación de información</span><span class="sr-only">pendiente</span>');
    expect(html).toContain("Aún no hay datos de progreso");
    expect(html).not.toContain("Profile Creation");
    expect(render(<ProgressCards load={{ ok: false }} />, "es")).toContain("No se pudo cargar el progreso");
  });

  it("show each service's percentage as text and as a progressbar value, and tell done steps by more than colour", () => {
    const html = render(<ProgressCards load={{ ok: true, progress: { google_business: google, website: null } }} />);
    expect(html).toContain("Google Business Profile");
    expect(html).toContain("Setup and optimization progress");
    expect(html).toContain("Website Development");
    expect(html).toContain("Website creation and launch progress");
    expect(html).toMatch(/role="progressbar" aria-label="Google Business Profile progress"[^>]*aria-valuenow="17"/);
    expect(html).toContain(">17%<");
    // The done step: a check mark, bold, and "done" for screen readers; the others an empty circle and "not done".
    expect(html).toMatch(
      /data-done="true"[^>]*><svg[^>]*lucide-circle-check[^]*?Profile Creation<\/span><span class="sr-only">done<\/span>/,
    );
    expect(html).toMatch(
      /data-done="false"[^>]*><svg[^>]*lucide-circle[" ][^]*?Information Collection<\/span><span class="sr-only">not done<\/span>/,
    );
    // No website record: the card says so instead of a 0% checklist.
    expect(html.match(/No progress data available yet/g)).toHaveLength(1);
    expect(html.match(/role="progressbar"/g)).toHaveLength(1);
  });

  it("say 'Failed to load progress data' in their place when the records could not be read", () => {
    const html = render(<ProgressCards load={{ ok: false }} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Failed to load progress data");
    expect(html).not.toContain("Google Business Profile");
  });
});

describe("the admin's checklist", () => {
  it("is one labelled checkbox per step, ticked where the step is done", () => {
    const html = render(<AdminProgressChecklist service="google_business" record={google} />);
    expect(html).toContain("Google Business Profile Progress");
    expect(html.match(/type="checkbox"/g)).toHaveLength(6);
    const boxes = [...html.matchAll(/<input [^>]*type="checkbox"[^>]*>\s*<label [^>]*>([^<]+)</g)].map(
      ([box, label]) => [label, box.includes('checked=""')],
    );
    expect(boxes).toEqual([
      ["Information Collection", false],
      ["Profile Creation", true],
      ["Submitted for Verification", false],
      ["Verification Completed", false],
      ["Profile Optimization", false],
      ["SEO &amp; Local Setup", false],
    ]);
    expect(html).toContain(">17%<");
  });

  it("with no record shows every step unticked at 0%, and 'Failed to load data' when reading failed", () => {
    const empty = render(<AdminProgressChecklist service="website" record={null} />);
    expect(empty).toContain("Website Development Progress");
    expect(empty.match(/type="checkbox"/g)).toHaveLength(8);
    expect(empty).not.toContain("checked");
    expect(empty).toContain(">0%<");
    expect(render(<AdminProgressChecklist service="website" record={null} failed />)).toContain("Failed to load data");
  });

  it("names its steps in the page's language", () => {
    const html = render(<AdminProgressChecklist service="google_business" record={google} />, "es");
    expect(html).toContain("Creación del perfil");
    expect(html).toContain("Recopilación de información");
    expect(html).not.toContain("Profile Creation");
  });
});

describe("the dates on both checklists", () => {
  const dated = {
    steps: { informationCollection: true, profileCreation: true },
    doneAt: {
      informationCollection: { at: "2026-03-01T10:00:00.000Z", auto: true },
      profileCreation: { at: "2026-03-02T10:00:00.000Z", auto: false },
    },
    updatedAt: "2026-03-02T10:00:00.000Z",
  };

  it("say when each done step was done, and which ones the product marked on a received form", () => {
    for (const html of [
      render(<ProgressCards load={{ ok: true, progress: { google_business: dated, website: null } }} />),
      render(<AdminProgressChecklist service="google_business" record={dated} />),
    ]) {
      expect(html.match(/data-testid="progress-step-date"/g)).toHaveLength(2);
      expect(html).toMatch(/Done <time dateTime="2026-03-01T10:00:00.000Z"><\/time>, when the information arrived/);
      expect(html).toMatch(/Done <time dateTime="2026-03-02T10:00:00.000Z"><\/time><\/span>/);
    }
  });

  it("leave a done step without a date (marked before dates were kept) undated", () => {
    const html = render(<ProgressCards load={{ ok: true, progress: { google_business: google, website: null } }} />);
    expect(html).not.toContain("progress-step-date");
  });
});
