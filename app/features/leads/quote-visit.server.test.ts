import { describe, expect, it } from "vitest";
import { keptSource, visitSource } from "./quote-source";
import { filledByAPerson, requestVisit, signVisit, verifyVisit, visitCookie } from "./quote-visit.server";

const SECRET = "unit-test-secret-0123456789abcdef0123";

describe("the quote form's visit stamp", () => {
  const visit = { servedAt: 1_700_000_000_000, source: { utmSource: "google" } };

  it("reads back what it signed", () => {
    expect(verifyVisit(SECRET, signVisit(SECRET, visit))).toEqual(visit);
  });

  it("refuses a value altered, signed under another secret, or not a stamp at all", () => {
    const value = signVisit(SECRET, visit);
    const [payload, signature] = value.split(".") as [string, string];
    const earlier = Buffer.from(JSON.stringify({ t: 0, s: {} })).toString("base64url");
    expect(verifyVisit(SECRET, `${earlier}.${signature}`)).toBeNull();
    expect(verifyVisit(SECRET, signVisit("another-secret-0123456789abcdef0123", visit))).toBeNull();
    expect(verifyVisit(SECRET, `${payload}.${signature}.x`)).toBeNull();
    for (const junk of ["", "abc", null, undefined]) expect(verifyVisit(SECRET, junk)).toBeNull();
  });

  it("counts a form sent two seconds or more after its page as a person's", () => {
    expect(filledByAPerson(visit, new Date(visit.servedAt + 2_000))).toBe(true);
    expect(filledByAPerson(visit, new Date(visit.servedAt + 1_999))).toBe(false);
    expect(filledByAPerson(null, new Date(visit.servedAt + 60_000))).toBe(false);
  });

  it("is set with the time served and this visit's source, or the earlier visit's when this one has none", () => {
    const now = new Date(1_800_000_000_000);
    const cookieOf = (url: string, headers: Record<string, string> = {}) => {
      const header = visitCookie(SECRET, new Request(url, { headers }), now);
      return header.split(";")[0]!;
    };
    const fromAdvert = cookieOf("https://agency.example/?utm_source=google&utm_campaign=spring");
    const request = (url: string, cookie: string) => new Request(url, { headers: { cookie: `theme=x; ${cookie}` } });
    expect(requestVisit(SECRET, request("https://agency.example/", fromAdvert))).toEqual({
      servedAt: now.getTime(),
      source: { utmSource: "google", utmCampaign: "spring" },
    });
    const back = cookieOf("https://agency.example/es", { cookie: fromAdvert });
    expect(requestVisit(SECRET, request("https://agency.example/", back))?.source).toEqual({
      utmSource: "google",
      utmCampaign: "spring",
    });
    expect(visitCookie(SECRET, new Request("https://agency.example/"), now)).toMatch(
      /; HttpOnly; SameSite=Lax; Secure$/,
    );
  });
});

describe("a landing visit's source", () => {
  it("takes the five UTM parameters and the referring site's host, only those there", () => {
    const url = new URL(
      "https://agency.example/?utm_source=google&utm_medium=cpc&utm_campaign=roofers&utm_term=roof%20repair&utm_content=ad1&gclid=x",
    );
    expect(visitSource(url, "https://www.Google.com/search?q=roofer")).toEqual({
      utmSource: "google",
      utmMedium: "cpc",
      utmCampaign: "roofers",
      utmTerm: "roof repair",
      utmContent: "ad1",
      referrer: "www.google.com",
    });
    expect(visitSource(new URL("https://agency.example/"), null)).toEqual({});
  });

  it("leaves out the site's own pages, addresses that are not web pages, and empty or over-long values", () => {
    const url = new URL(`https://agency.example/?utm_source=&utm_campaign=${"x".repeat(300)}`);
    expect(visitSource(url, "https://agency.example/login")).toEqual({ utmCampaign: "x".repeat(100) });
    expect(visitSource(new URL("https://agency.example/"), "android-app://com.google")).toEqual({});
    expect(visitSource(new URL("https://agency.example/"), "not a url")).toEqual({});
  });

  it("keeps the first touch when a later visit comes from nowhere, and a later advert over it", () => {
    expect(keptSource({}, { utmSource: "google" })).toEqual({ utmSource: "google" });
    expect(keptSource({ utmSource: "facebook" }, { utmSource: "google" })).toEqual({ utmSource: "facebook" });
    expect(keptSource({}, null)).toEqual({});
  });
});
