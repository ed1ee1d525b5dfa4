import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { ErrorPage } from "./error-page";

const answer = (status: number, data: unknown = "") => ({ status, statusText: "", internal: false, data });

describe("the error page", () => {
  it("says what went wrong in English, as the root's boundary did", () => {
    expect(renderToString(inLanguage(<ErrorPage error={answer(404)} />))).toContain("Oops! Page not found");
    expect(renderToString(inLanguage(<ErrorPage error={new Error("boom")} />))).toContain("Something went wrong");
  });

  it("speaks Spanish under a Spanish page, and shows an answer's own text as it came", () => {
    expect(renderToString(inLanguage(<ErrorPage error={answer(404)} />, "es"))).toContain("¡Vaya! Página no encontrada");
    const failed = renderToString(inLanguage(<ErrorPage error={new Error("boom")} />, "es"));
    expect(failed).toContain("Algo salió mal");
    expect(failed).toContain("Inténtelo de nuevo en un momento.");
    expect(failed).toContain("Volver al inicio");
    expect(failed).not.toContain("boom");
    expect(renderToString(inLanguage(<ErrorPage error={answer(500)} />, "es"))).toContain("<h1 class=\"text-2xl font-bold\">Error 500</h1>");
    expect(renderToString(inLanguage(<ErrorPage error={answer(404, "Receipt not found")} />, "es"))).toContain("Receipt not found");
  });
});
