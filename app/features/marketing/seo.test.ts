import { describe, expect, it } from "vitest";
import { defaultSiteConfig } from "~/lib/site-config";
import { landingJsonLd, landingMeta, robotsTxt, sitemapXml } from "./seo";

const SITE = "https://agency.example";

describe("landing page SEO", () => {
  it("describes the agency and both offers, priced in USD, serving the United States", () => {
    const jsonLd = landingJsonLd(SITE, defaultSiteConfig);
    const [agency, website] = jsonLd["@graph"];
    expect(agency).toMatchObject({
      "@type": "Organization",
      name: defaultSiteConfig.agencyName,
      url: `${SITE}/`,
      telephone: defaultSiteConfig.phone,
      email: defaultSiteConfig.email,
      areaServed: { "@type": "Country", name: "United States" },
    });
    expect(agency?.makesOffer?.map((offer) => [offer.name, offer.price, offer.priceCurrency])).toEqual([
      ["Google Business Profile", "250.00", "USD"],
      ["Professional Website", "700.00", "USD"],
    ]);
    expect(agency?.image).toMatch(new RegExp(`^${SITE}/.+\\.jpg$`));
    expect(website).toMatchObject({ "@type": "WebSite", url: `${SITE}/` });
  });

  it("gives a title, description, canonical URL, Open Graph and Twitter card tags and the JSON-LD", () => {
    const meta = landingMeta(SITE, defaultSiteConfig);
    const find = (key: string, value: string) => meta.find((tag) => (tag as Record<string, unknown>)[key] === value);
    expect(meta[0]).toEqual({ title: expect.stringContaining(defaultSiteConfig.agencyName) });
    expect(find("name", "description")).toMatchObject({ content: expect.stringMatching(/\$250.*\$700/) });
    expect(find("rel", "canonical")).toEqual({ tagName: "link", rel: "canonical", href: `${SITE}/` });
    expect(find("property", "og:url")).toMatchObject({ content: `${SITE}/` });
    expect(find("property", "og:image")).toMatchObject({
      content: expect.stringMatching(/^https:\/\/agency\.example\//),
    });
    expect(find("name", "twitter:card")).toMatchObject({ content: "summary_large_image" });
    expect(meta.some((tag) => "script:ld+json" in tag)).toBe(true);
  });

  it("writes robots.txt and sitemap.xml for SITE_URL", () => {
    const robots = robotsTxt(SITE);
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    expect(robots).toContain("Disallow: /dashboard\n");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(sitemapXml(SITE)).toContain(`<loc>${SITE}/</loc>`);
  });
});
