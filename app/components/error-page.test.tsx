import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n/locales";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { ErrorPage } from "./error-page";

const answer = (status: number, data: unknown = "") => ({ status, statusText: "", internal: false, data });
const render = (page: ReactNode, locale: Locale = "en", at = "/somewhere") =>
  renderToString(inLanguage(<MemoryRouter initialEntries={[at]}>{page}</MemoryRouter>, locale));

describe("the error page", () => {
  it("says what went wrong in English, as the root's boundary did", () => {
    expect(render(<ErrorPage error={answer(404)} />)).toContain("Oops! Page not found");
    expect(render(<ErrorPage error={new Error("boom")} />)).toContain("Something went wrong");
  });

  it("speaks Spanish under a Spanish page, and shows an answer's own text as it came", () => {
    expect(render(<ErrorPage error={answer(404)} />, "es")).toContain("¡Vaya! Página no encontrada");
    const failed = render(<ErrorPage error={new Error("boom")} />, "es");
    expect(failed).toContain("Algo salió mal");
    expect(failed).toContain("Inténtelo de nuevo en un momento.");
    expect(failed).toContain("Volver al inicio");
    expect(failed).not.toContain("boom");
    expect(render(<ErrorPage error={answer(500)} />, "es")).toMatch(/<h1[^>]*>Error 500<\/h1>/);
    expect(render(<ErrorPage error={answer(404, "Receipt not found")} />, "es")).toContain("Receipt not found");
  });

  it("says 'Access denied' for a 403, and from a back-office page leads to its dashboard rather than the landing page", () => {
    const denied = render(<ErrorPage error={answer(403, "No tiene permiso para hacer eso")} />, "es", "/admin/users/x");
    expect(denied).toMatch(/<h1[^>]*>Acceso denegado<\/h1>/);
    expect(denied).toContain('href="/admin/dashboard"');
    expect(denied).toContain("Volver al panel");
    expect(render(<ErrorPage error={answer(404)} />)).toContain('href="/"');
  });
});
