import { describe, expect, it } from "vitest";
import {
  chooseLocale,
  isLocale,
  landingRedirect,
  languageCookie,
  localeFromCookie,
  negotiateLocale,
  pageAfterSwitch,
} from "./locales";

describe("negotiateLocale", () => {
  it("picks Spanish for any Spanish region", () => {
    expect(negotiateLocale("es-MX,es;q=0.9,en;q=0.8")).toBe("es");
    expect(negotiateLocale("ES")).toBe("es");
  });
  it("follows the qualities, not the order", () => {
    expect(negotiateLocale("en;q=0.5, es;q=0.8")).toBe("es");
    expect(negotiateLocale("es;q=0.5, en-US")).toBe("en");
  });
  it("keeps the header's order for equal qualities", () => {
    expect(negotiateLocale("es, en")).toBe("es");
    expect(negotiateLocale("en, es")).toBe("en");
  });
  it("skips languages we do not have, wildcards and refusals", () => {
    expect(negotiateLocale("fr-FR, de;q=0.9, es;q=0.1")).toBe("es");
    expect(negotiateLocale("es;q=0, en;q=0.2")).toBe("en");
    expect(negotiateLocale("fr, *")).toBeNull();
    expect(negotiateLocale("")).toBeNull();
    expect(negotiateLocale(null)).toBeNull();
  });
});

describe("chooseLocale", () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  it("prefers the saved choice, then the cookie, then Accept-Language, then English", () => {
    const all = headers({ cookie: "a=1; lang=en", "accept-language": "es" });
    expect(chooseLocale("es", all)).toBe("es");
    expect(chooseLocale(null, all)).toBe("en");
    expect(chooseLocale(null, headers({ "accept-language": "es-US" }))).toBe("es");
    expect(chooseLocale(null, headers({}))).toBe("en");
  });
  it("ignores values that are not our languages", () => {
    expect(chooseLocale("fr", headers({ cookie: "lang=xx", "accept-language": "es" }))).toBe("es");
    expect(localeFromCookie("lang=es")).toBe("es");
    expect(localeFromCookie("xlang=es")).toBeNull();
    expect(isLocale("es")).toBe(true);
    expect(isLocale("es-MX")).toBe(false);
  });
  it("keeps the visitor's choice in a year-long cookie", () => {
    expect(languageCookie("es", true)).toBe("lang=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });
});

describe("pageAfterSwitch", () => {
  it("stays on the page, query included", () => {
    expect(pageAfterSwitch("/dashboard/progress?tab=1", "es")).toBe("/dashboard/progress?tab=1");
  });
  it("swaps the landing page for the one in the chosen language", () => {
    expect(pageAfterSwitch("/", "es")).toBe("/es");
    expect(pageAfterSwitch("/es", "en")).toBe("/");
    expect(pageAfterSwitch("/es#services", "es")).toBe("/es");
  });
  it("never leaves the site", () => {
    expect(pageAfterSwitch("//evil.example/x", "en")).toBe("/");
    expect(pageAfterSwitch("/\\evil.example", "es")).toBe("/es");
    expect(pageAfterSwitch("https://evil.example", "en")).toBe("/");
    expect(pageAfterSwitch(undefined, "en")).toBe("/");
  });
});

describe("landingRedirect", () => {
  const headers = (init: Record<string, string>) => new Headers(init);
  it("sends a browser that prefers Spanish, with no choice made, from / to /es", () => {
    expect(landingRedirect("/", headers({ "accept-language": "es-MX,es;q=0.9,en;q=0.8" }))).toBe("/es");
  });
  it("sends whoever chose Spanish to /es, whatever their browser prefers", () => {
    expect(landingRedirect("/", headers({ cookie: "lang=es" }))).toBe("/es");
    expect(landingRedirect("/", headers({ "accept-language": "en-US", cookie: "a=1; lang=es" }))).toBe("/es");
  });
  it("keeps on / a crawler (no Accept-Language), an English browser, and anyone who chose English", () => {
    expect(landingRedirect("/", headers({}))).toBeNull();
    expect(landingRedirect("/", headers({ "accept-language": "en-US,es;q=0.5" }))).toBeNull();
    expect(landingRedirect("/", headers({ "accept-language": "es", cookie: "lang=en" }))).toBeNull();
  });
  it("never moves another page", () => {
    expect(landingRedirect("/es", headers({ "accept-language": "es" }))).toBeNull();
    expect(landingRedirect("/login", headers({ "accept-language": "es" }))).toBeNull();
  });
});
