import { describe, expect, it } from "vitest";
import { authenticatesDomain, parseAuthenticationResults } from "./authentication-results";

const MX = "mx.agency.test";

describe("parseAuthenticationResults", () => {
  it("reads the authserv-id and each method with its properties, across folded lines, comments and a version", () => {
    const parsed = parseAuthenticationResults(
      `${MX.toUpperCase()} 1;\r\n\tDKIM=pass (2048-bit key; secure) header.d=Example.com header.i=@example.com header.s=sel;\r\n` +
        `\tspf=pass (domain of ana@example.com designates 192.0.2.1 as permitted sender) smtp.mailfrom=ana@example.com;\r\n` +
        `\tdmarc=pass (p=REJECT sp=NONE dis=NONE) header.from=example.com`,
    );
    expect(parsed).toEqual({
      authservId: MX,
      results: [
        {
          method: "dkim",
          result: "pass",
          properties: { "header.d": "Example.com", "header.i": "@example.com", "header.s": "sel" },
        },
        { method: "spf", result: "pass", properties: { "smtp.mailfrom": "ana@example.com" } },
        { method: "dmarc", result: "pass", properties: { "header.from": "example.com" } },
      ],
    });
  });

  it("keeps a comment's ';' and '=' out of the results, nested comments and quoted pairs included", () => {
    const parsed = parseAuthenticationResults(
      `${MX}; spf=fail (a (nested; spf=pass) \\) comment) smtp.mailfrom=x@example.com`,
    );
    expect(parsed?.results).toEqual([
      { method: "spf", result: "fail", properties: { "smtp.mailfrom": "x@example.com" } },
    ]);
  });

  it("takes white space around '=', quoted values, a reason, and 'none'", () => {
    expect(
      parseAuthenticationResults(`${MX}; dkim = pass reason="good; signature" header.d = "example.com"`)?.results,
    ).toEqual([{ method: "dkim", result: "pass", properties: { "header.d": "example.com" } }]);
    expect(parseAuthenticationResults(`${MX}; none`)).toEqual({ authservId: MX, results: [] });
    expect(parseAuthenticationResults("  ")).toBeNull();
  });
});

describe("authenticatesDomain", () => {
  const from = "example.com";

  it("takes DMARC passing for the From domain, DKIM passing for it (d= or the domain of i=), or SPF passing for an envelope sender of it", () => {
    expect(authenticatesDomain([`${MX}; dmarc=pass header.from=example.com`], MX, from)).toBe(true);
    expect(authenticatesDomain([`${MX}; dkim=pass header.d=example.com`], MX, from)).toBe(true);
    expect(authenticatesDomain([`${MX}; dkim=pass header.i=ana@EXAMPLE.com`], MX, from)).toBe(true);
    expect(authenticatesDomain([`${MX}; spf=pass smtp.mailfrom=ana@example.com`], MX, from)).toBe(true);
    expect(authenticatesDomain([`${MX}; spf=pass smtp.mailfrom=example.com.`], MX, "Example.COM")).toBe(true);
  });

  it("refuses a pass for another domain, a parent or a subdomain, and any result but pass", () => {
    expect(
      authenticatesDomain([`${MX}; dkim=pass header.d=mailer.test; spf=pass smtp.mailfrom=x@mailer.test`], MX, from),
    ).toBe(false);
    expect(authenticatesDomain([`${MX}; dkim=pass header.d=mail.example.com`], MX, from)).toBe(false);
    expect(authenticatesDomain([`${MX}; dkim=pass header.d=com`], MX, from)).toBe(false);
    for (const result of ["fail", "softfail", "neutral", "none", "temperror", "permerror", "policy"]) {
      expect(
        authenticatesDomain(
          [`${MX}; dmarc=${result} header.from=example.com; spf=${result} smtp.mailfrom=a@example.com`],
          MX,
          from,
        ),
      ).toBe(false);
    }
    expect(authenticatesDomain([`${MX}; arc=pass header.from=example.com`], MX, from)).toBe(false);
    expect(authenticatesDomain([`${MX}; dmarc=pass`], MX, from)).toBe(false);
  });

  it("reads only the trusted server's header, and only its topmost one", () => {
    // Anyone can write a header naming another server, or put one below the trusted server's own.
    expect(authenticatesDomain([`mx.elsewhere.test; dmarc=pass header.from=example.com`], MX, from)).toBe(false);
    expect(
      authenticatesDomain(
        [`mx.elsewhere.test; dmarc=pass header.from=example.com`, `${MX}; dmarc=fail header.from=example.com`],
        MX,
        from,
      ),
    ).toBe(false);
    expect(
      authenticatesDomain(
        [`${MX}; dmarc=fail header.from=example.com`, `${MX}; dmarc=pass header.from=example.com`],
        MX,
        from,
      ),
    ).toBe(false);
    expect(authenticatesDomain([`mx.elsewhere.test; none`, `${MX}; dkim=pass header.d=example.com`], MX, from)).toBe(
      true,
    );
    expect(authenticatesDomain([], MX, from)).toBe(false);
    expect(authenticatesDomain([`${MX}; dmarc=pass header.from=example.com`], MX, "")).toBe(false);
  });
});
