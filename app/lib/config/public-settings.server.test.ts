import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { servicesIfRunning, siteConfigFor, siteUrlFor, siteUrlFrom } from "./public-settings.server";
import { servicesContext, type Services } from "../services.server";
import { defaultSiteConfig } from "./site-config";

describe("public settings", () => {
  it("reads SITE_URL like the settings parser: trimmed, without a trailing slash, defaulting to localhost:PORT", () => {
    expect(siteUrlFrom({ SITE_URL: " https://agency.example/ " })).toBe("https://agency.example");
    expect(siteUrlFrom({ SITE_URL: "", PORT: "4100" })).toBe("http://localhost:4100");
    expect(siteUrlFrom({})).toBe("http://localhost:3000");
  });

  it("uses the running server's settings when the request carries them", () => {
    const context = new RouterContextProvider();
    const siteConfig = { ...defaultSiteConfig, phone: "(555) 000-1111" };
    const services = { env: { SITE_URL: "https://agency.example" }, siteConfig } as unknown as Services;
    context.set(servicesContext, services);
    expect(servicesIfRunning(context)).toBe(services);
    expect(siteConfigFor(context)).toBe(siteConfig);
    expect(siteUrlFor(context)).toBe("https://agency.example");
  });

  it("falls back to the build environment when pre-rendering, where no services are in the context", () => {
    const context = new RouterContextProvider();
    expect(servicesIfRunning(context)).toBeUndefined();
    expect(siteConfigFor(context).agencyName).toBe(
      process.env.SITE_AGENCY_NAME?.trim() || defaultSiteConfig.agencyName,
    );
    expect(siteUrlFor(context)).toBe(siteUrlFrom(process.env));
  });
});
