import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { messages as en } from "~/locales/en/messages.po";
import { messages as es } from "~/locales/es/messages.po";
import {
  paymentPriceIn,
  serviceNameIn,
  servicePaymentNameIn,
  servicePriceIn,
  serviceShortNameIn,
  serviceTitleIn,
} from "./service-texts";

const english = setupI18n({ locale: "en", messages: { en } });
const spanish = setupI18n({ locale: "es", messages: { es } });

describe("the services' names", () => {
  it("name each service three ways, in both languages", () => {
    expect(["google_business", "website"].map((service) => serviceTitleIn(english, service))).toEqual([
      "Google Business Profile Setup",
      "Website Development",
    ]);
    expect(["google_business", "website"].map((service) => serviceNameIn(english, service))).toEqual([
      "Google Business Profile",
      "Website",
    ]);
    expect(serviceShortNameIn(english, "google_business")).toBe("Google Business");
    expect(serviceNameIn(spanish, "google_business")).toBe("Perfil de Google Business");
    expect(serviceNameIn(spanish, "website")).toBe("Sitio web");
    // An unknown service (a row from elsewhere) is shown as it is.
    expect(serviceTitleIn(english, "seo")).toBe("seo");
  });

  it("name one payment by the service's name, with its number only for a service paid in several", () => {
    expect(servicePaymentNameIn(english, "google_business", 1)).toBe("Google Business Profile");
    expect(servicePaymentNameIn(english, "website", 2)).toBe("Website (Payment 2)");
    expect(servicePaymentNameIn(spanish, "website", 1)).toBe("Sitio web (pago 1)");
  });
});

describe("the services' prices", () => {
  it("come from the catalog, written as money in each language", () => {
    for (const locale of ["en", "es"]) {
      expect(paymentPriceIn(locale, "google_business", 1)).toBe("$250");
      expect(paymentPriceIn(locale, "website", 2)).toBe("$350");
      expect(servicePriceIn(locale, "website")).toBe("$700");
    }
  });
});
