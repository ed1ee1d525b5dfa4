import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as enMessages } from "~/locales/en/messages.po";
import { messages as esMessages } from "~/locales/es/messages.po";
import { memoName, zelleMemo } from "./zelle-transfer";

const en = setupI18n({ locale: "en", messages: { en: enMessages } });
const es = setupI18n({ locale: "es", messages: { es: esMessages } });

describe("memoName", () => {
  it("is the customer's company when they have one", () => {
    expect(memoName({ fullName: "Ana Ruiz", companyName: "Ruiz Roofing" })).toBe("Ruiz Roofing");
    expect(memoName({ fullName: "Ana Ruiz", companyName: "  Ruiz Roofing " })).toBe("Ruiz Roofing");
  });

  it("is the full name when there is no company: none, left blank at sign-up, or only spaces", () => {
    expect(memoName({ fullName: "Ana Ruiz", companyName: null })).toBe("Ana Ruiz");
    expect(memoName({ fullName: "Ana Ruiz", companyName: "" })).toBe("Ana Ruiz");
    expect(memoName({ fullName: " Ana Ruiz ", companyName: "   " })).toBe("Ana Ruiz");
  });

  it("is null when neither is known", () => {
    expect(memoName({ fullName: null, companyName: null })).toBeNull();
    expect(memoName({ fullName: "  ", companyName: "" })).toBeNull();
    expect(memoName(null)).toBeNull();
    expect(memoName(undefined)).toBeNull();
  });
});

describe("zelleMemo", () => {
  it("starts with who pays, then names what for, in the customer's language", () => {
    const company = memoName({ fullName: "Ana Ruiz", companyName: "Ruiz Roofing" });
    expect(zelleMemo(en, company, "google_business", 1)).toBe("Ruiz Roofing – Google Business Profile");
    expect(zelleMemo(es, company, "google_business", 1)).toBe("Ruiz Roofing – Perfil de Google Business");
    const noCompany = memoName({ fullName: "Ana Ruiz", companyName: "" });
    expect(zelleMemo(en, noCompany, "website", 1)).toBe("Ana Ruiz – Website (Payment 1)");
    expect(zelleMemo(es, noCompany, "website", 1)).toBe("Ana Ruiz – Sitio web (pago 1)");
    expect(zelleMemo(es, noCompany, "website", 2)).toBe("Ana Ruiz – Sitio web (pago 2)");
  });

  it("names only what the transfer is for when the payer's name is unknown", () => {
    expect(zelleMemo(en, null, "google_business", 1)).toBe("Google Business Profile");
    expect(zelleMemo(es, null, "website", 2)).toBe("Sitio web (pago 2)");
  });
});
