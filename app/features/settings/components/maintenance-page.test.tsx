import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inLanguage } from "~/lib/i18n/test-i18n";
import { MaintenancePage } from "./maintenance-page";

const page = (locale: "en" | "es") =>
  renderToString(
    inLanguage(<MaintenancePage supportEmail="help@agency.test" companyName="Agency" />, locale),
  ).replaceAll("<!-- -->", "");

describe("the maintenance page", () => {
  it("keeps its English texts", () => {
    const html = page("en");
    expect(html).toContain("Under Maintenance");
    expect(html).toContain("Agency is making improvements to the platform. Please check back soon.");
    expect(html).toContain('Questions? Contact us at <a href="mailto:help@agency.test"');
  });

  it("is in Spanish for a Spanish page, the company and the address kept", () => {
    const html = page("es");
    expect(html).toContain("En mantenimiento");
    expect(html).toContain("Agency está mejorando la plataforma. Vuelva a visitarnos pronto.");
    expect(html).toContain('¿Preguntas? Escríbanos a <a href="mailto:help@agency.test"');
  });
});
