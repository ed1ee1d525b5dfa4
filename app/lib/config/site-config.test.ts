import { describe, expect, it } from "vitest";
import { defaultSiteConfig, exampleSiteSettings, exampleSiteSettingsWarning, siteConfigFrom } from "./site-config";

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

describe("the example contact values warning", () => {
  const own = {
    SITE_AGENCY_NAME: "Acme Local",
    SITE_PHONE: "(555) 000-1111",
    SITE_EMAIL: "team@acme.test",
    SITE_CHAT_URL: "https://wa.me/15550001111",
    SITE_ZELLE_PHONE: "(555) 000-2222",
  };

  it("names each setting that is unset or set to its example value", () => {
    const config = siteConfigFrom({
      ...own,
      SITE_PHONE: "",
      SITE_ZELLE_PHONE: defaultSiteConfig.zellePhone,
      SITE_CHAT_URL: undefined,
    });
    expect(exampleSiteSettings(config)).toEqual(["SITE_PHONE", "SITE_CHAT_URL", "SITE_ZELLE_PHONE"]);
    expect(exampleSiteSettingsWarning(config, "production")).toBe(
      "SITE_PHONE, SITE_CHAT_URL, SITE_ZELLE_PHONE still hold their example values (app/lib/config/site-config.ts): the site shows them to visitors. Set them to the agency's own.",
    );
    expect(exampleSiteSettingsWarning(siteConfigFrom({}), "development")).toContain(
      "SITE_AGENCY_NAME, SITE_PHONE, SITE_EMAIL, SITE_CHAT_URL, SITE_ZELLE_PHONE still hold",
    );
    expect(exampleSiteSettingsWarning(siteConfigFrom({ ...own, SITE_EMAIL: "" }), "production")).toMatch(
      /^SITE_EMAIL still holds its example value/,
    );
  });

  it("says nothing when every one is set, nor in the test runs that use the examples on purpose", () => {
    expect(exampleSiteSettings(siteConfigFrom(own))).toEqual([]);
    expect(exampleSiteSettingsWarning(siteConfigFrom(own), "production")).toBeNull();
    expect(exampleSiteSettingsWarning(siteConfigFrom({}), "test")).toBeNull();
  });
});
