import { describe, expect, it } from "vitest";
import { defaultSiteConfig, siteConfigFrom } from "./site-config";

describe("siteConfigFrom", () => {
  it("uses the defaults without overrides", () => {
    expect(siteConfigFrom({})).toEqual(defaultSiteConfig);
  });

  it("lets each value be overridden by its environment variable, ignoring blanks", () => {
    const config = siteConfigFrom({
      SITE_AGENCY_NAME: "Acme Local",
      SITE_PHONE: "(555) 000-1111",
      SITE_EMAIL: "team@acme.test",
      SITE_CHAT_URL: "https://wa.me/15550001111",
      SITE_ZELLE_PHONE: " ",
    });
    expect(config).toEqual({
      agencyName: "Acme Local",
      phone: "(555) 000-1111",
      email: "team@acme.test",
      chatUrl: "https://wa.me/15550001111",
      zellePhone: defaultSiteConfig.zellePhone,
    });
  });
});
