import { describe, expect, it } from "vitest";
import { composeEmail, mailFrom, retryDelayMs } from "./email.server";

describe("e-mail composition", () => {
  it("adds the company footer to the text and escapes the HTML made from it", () => {
    const { text, html } = composeEmail(
      { text: "Note: <b>late</b>\n\nSecond" },
      { companyName: "Co & Sons", supportEmail: "help@co.test" },
    );
    expect(text).toBe("Co & Sons\n\nNote: <b>late</b>\n\nSecond\n\n--\nCo & Sons · help@co.test\n");
    expect(html).toContain("<p>Note: &lt;b&gt;late&lt;/b&gt;</p>\n<p>Second</p>");
    expect(html).toContain("Co &amp; Sons · help@co.test");
  });

  it("heads the message with the company's name and ends it with the absolute link to its page", () => {
    const branding = { companyName: "Agency", supportEmail: "", siteUrl: "https://portal.test/" };
    const { text, html } = composeEmail({ text: "Two steps done", link: "/dashboard/progress" }, branding);
    expect(text).toBe("Agency\n\nTwo steps done\n\nhttps://portal.test/dashboard/progress\n\n--\nAgency\n");
    expect(html).toContain(
      '<a href="https://portal.test/dashboard/progress">https://portal.test/dashboard/progress</a>',
    );
    expect(html).toContain('<p style="font-size:18px;font-weight:bold">Agency</p>');
  });

  it("backs off exponentially up to an hour", () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });

  it("sends from SMTP_FROM or no-reply at the site's host", () => {
    expect(mailFrom({ SMTP_FROM: "Portal <p@x.test>", SITE_URL: "https://a.test" })).toBe("Portal <p@x.test>");
    expect(mailFrom({ SITE_URL: "https://portal.example.com" })).toBe("no-reply@portal.example.com");
  });
});
