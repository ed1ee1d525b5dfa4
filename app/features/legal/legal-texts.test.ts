import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/instances.server";
import { legalTextInForce, legalTextsToStore, standardLegalText } from "./legal-texts";

const facts = { companyName: "Acme Local", supportEmail: "help@acme.test", cardPayments: true };
const en = i18nFor("en");
const es = i18nFor("es");

describe("the standard legal texts", () => {
  it("name the agency and its support address, and state the prices, payment methods and data kept", () => {
    const privacy = standardLegalText("privacyPolicy", en, facts);
    expect(privacy).toContain("Acme Local");
    expect(privacy).toContain("help@acme.test");
    expect(privacy).toMatch(/stored encrypted/);
    expect(privacy).toMatch(/Zelle/);
    const terms = standardLegalText("termsOfService", en, facts);
    expect(terms).toContain("$250");
    expect(terms).toContain("$700 in total, paid in two payments of $350");
    expect(terms).toMatch(/hosted checkout page/);
    expect(terms).toMatch(/an administrator reviews it/);
    expect(standardLegalText("refundPolicy", en, facts)).toMatch(/write to help@acme\.test/);
  });

  it("promise card payment only when card payments are configured", () => {
    const zelleOnly = { ...facts, cardPayments: false };
    expect(standardLegalText("termsOfService", en, zelleOnly)).not.toMatch(/by card|hosted checkout/);
    expect(standardLegalText("termsOfService", en, zelleOnly)).toContain("You pay by a Zelle transfer");
    expect(standardLegalText("termsOfService", es, zelleOnly)).not.toMatch(/tarjeta/);
  });

  it("are in Spanish for the Spanish page, with the same facts", () => {
    const terms = standardLegalText("termsOfService", es, facts);
    expect(terms).toContain("Acme Local");
    expect(terms).toContain("$700 en total, en dos pagos de $350");
    expect(standardLegalText("refundPolicy", es, facts)).toContain("escriba a help@acme.test");
  });

  it("give way to the admin's text for that language, shown as written", () => {
    expect(legalTextInForce("termsOfService", "Nuestros términos.", es, facts)).toBe("Nuestros términos.");
    expect(legalTextInForce("termsOfService", "", es, facts)).toBe(standardLegalText("termsOfService", es, facts));
  });

  it("are stored as empty when a language's box is saved with that language's standard text, so it keeps following the settings", () => {
    const values = {
      privacyPolicy: standardLegalText("privacyPolicy", en, facts).replaceAll("\n\n", "\r\n\r\n") + "\n",
      termsOfService: "Our own terms.",
      refundPolicy: standardLegalText("refundPolicy", en, facts),
      privacyPolicyEs: standardLegalText("privacyPolicy", es, facts),
      termsOfServiceEs: "Nuestros términos.",
      // The English standard text in the Spanish box is the admin's choice for the Spanish page: kept as written.
      refundPolicyEs: standardLegalText("refundPolicy", en, facts),
    };
    expect(legalTextsToStore(values, { en, es }, facts)).toEqual({
      privacyPolicy: "",
      termsOfService: "Our own terms.",
      refundPolicy: "",
      privacyPolicyEs: "",
      termsOfServiceEs: "Nuestros términos.",
      refundPolicyEs: standardLegalText("refundPolicy", en, facts),
    });
  });
});
