import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/lib/config/site-config";
import { configStamp } from "./config-stamp";
import { inlineStyleSheets } from "~/lib/http/inline-style-sheets.server";
import { adaptPrerenderedPage } from "./prerendered-landing.server";

const BUILT_ORIGIN = "http://localhost:3000";
const css = (href: string) => Promise.resolve(`/* ${href} */ body{color:red}`);

function builtPage(stamp = configStamp(defaultSiteConfig)) {
  return (
    `<!DOCTYPE html><html><head><link rel="canonical" href="${BUILT_ORIGIN}/"/>` +
    `<meta property="og:url" content="${BUILT_ORIGIN}/"/><link rel="stylesheet" href="/assets/root-abc.css"/></head>` +
    `<body><div data-site-config="${stamp}">Hi</div><script>ctx("${BUILT_ORIGIN}/")</script></body></html>`
  );
}

describe("the pre-rendered landing page", () => {
  it("is served with the server's SITE_URL in place of the build's", async () => {
    const verdict = await adaptPrerenderedPage(builtPage(), "https://agency.example", defaultSiteConfig, css);
    expect(verdict.page?.html).not.toContain(BUILT_ORIGIN);
    expect(verdict.page?.html).toContain('<link rel="canonical" href="https://agency.example/"/>');
    expect(verdict.page?.html).toContain('ctx("https://agency.example/")');
    expect(verdict.page?.gzip.length).toBeGreaterThan(0);
    expect(verdict.page?.brotli.length).toBeGreaterThan(0);
    expect(verdict.page?.etag).toMatch(/^"[\w-]+"$/);
  });

  it("adapts /es too: its canonical URL is /es, its hreflang links and its own scripts' hashes in its CSP", async () => {
    const spanish = builtPage()
      .replace(`<link rel="canonical" href="${BUILT_ORIGIN}/"/>`, `<link rel="canonical" href="${BUILT_ORIGIN}/es"/>`)
      .replace("</head>", `<link rel="alternate" hrefLang="en" href="${BUILT_ORIGIN}/"/></head>`)
      .replace(`ctx("${BUILT_ORIGIN}/")`, `ctx("${BUILT_ORIGIN}/es")`);
    const verdict = await adaptPrerenderedPage(spanish, "https://agency.example", defaultSiteConfig, css);
    expect(verdict.page?.html).toContain('<link rel="canonical" href="https://agency.example/es"/>');
    expect(verdict.page?.html).toContain('<link rel="alternate" hrefLang="en" href="https://agency.example/"/>');
    const english = await adaptPrerenderedPage(builtPage(), "https://agency.example", defaultSiteConfig, css);
    const hash = (script: string) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
    expect(verdict.page?.contentSecurityPolicy).toContain(hash('ctx("https://agency.example/es")'));
    expect(verdict.page?.contentSecurityPolicy).not.toContain(hash('ctx("https://agency.example/")'));
    expect(english.page?.contentSecurityPolicy).toContain(hash('ctx("https://agency.example/")'));
  });

  it("leaves out the script preloads, so the scripts do not compete with the first paint", async () => {
    const withPreloads = builtPage().replace(
      "</head>",
      '<link rel="modulepreload" href="/assets/entry.client-abc.js"/><link rel="modulepreload" href="/assets/home-abc.js"/></head>',
    );
    const verdict = await adaptPrerenderedPage(withPreloads, BUILT_ORIGIN, defaultSiteConfig, css);
    expect(verdict.page?.html).not.toContain("modulepreload");
    expect(verdict.page?.html).toContain("<script>");
  });

  it("is not used when it was built with other contact values", async () => {
    const otherConfig = { ...defaultSiteConfig, phone: "(555) 000-1111" };
    const verdict = await adaptPrerenderedPage(builtPage(), BUILT_ORIGIN, otherConfig, css);
    expect(verdict).toEqual({ page: null, reason: expect.stringContaining("contact values") });
  });

  it("is not used for a SITE_URL that cannot be written into it as it is", async () => {
    const verdict = await adaptPrerenderedPage(builtPage(), 'https://x.example/"><script>', defaultSiteConfig, css);
    expect(verdict.page).toBeNull();
  });

  it("carries its style sheet inline, with the link kept but not blocking the first paint", async () => {
    const html = await inlineStyleSheets(builtPage(), css);
    expect(html).toContain(
      `<style>/* /assets/root-abc.css */ body{color:red}</style><link rel="stylesheet" href="/assets/root-abc.css" media="print"/>`,
    );
    expect(await inlineStyleSheets(builtPage(), () => Promise.resolve("a{}</style><script>"))).toContain(
      "<style>a{}<\\/style><script></style>",
    );
  });

  it("carries a CSP that allows exactly its inline scripts, by hash", async () => {
    const verdict = await adaptPrerenderedPage(builtPage(), "https://agency.example", defaultSiteConfig, css);
    const policy = verdict.page!.contentSecurityPolicy;
    // The hash is of the script as served (SITE_URL swapped in), not as built.
    const served = createHash("sha256").update('ctx("https://agency.example/")').digest("base64");
    expect(policy).toContain(`script-src 'self' 'sha256-${served}'`);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(verdict.page!.html).not.toContain("onload=");
  });

  it("changes its stamp whenever a contact value changes", () => {
    expect(configStamp(defaultSiteConfig)).toBe(configStamp({ ...defaultSiteConfig }));
    expect(configStamp(defaultSiteConfig)).not.toBe(configStamp({ ...defaultSiteConfig, email: "x@example.com" }));
  });
});
