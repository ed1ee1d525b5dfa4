import { describe, expect, it } from "vitest";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { defaultSiteConfig } from "~/lib/config/site-config";
import { landingJsonLd, landingMeta, robotsTxt, sitemapXml } from "./seo";

const SITE = "https://agency.example";

describe("landing page SEO", () => {
  it("describes the agency and both offers, priced in USD, serving the United States", () => {
    const jsonLd = landingJsonLd(SITE, defaultSiteConfig, i18nFor("en"), "en");
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
    const meta = landingMeta(SITE, defaultSiteConfig, i18nFor("en"), "en");
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

  it("links / and /es to each other with hreflang (x-default English), each with its own canonical URL", () => {
    const links = (locale: "en" | "es") =>
      landingMeta(SITE, defaultSiteConfig, i18nFor(locale), locale).filter(
        (tag) => (tag as Record<string, unknown>).tagName === "link",
      );
    const alternates = [
      { tagName: "link", rel: "alternate", hrefLang: "en", href: `${SITE}/` },
      { tagName: "link", rel: "alternate", hrefLang: "es", href: `${SITE}/es` },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${SITE}/` },
    ];
    expect(links("en")).toEqual([{ tagName: "link", rel: "canonical", href: `${SITE}/` }, ...alternates]);
    expect(links("es")).toEqual([{ tagName: "link", rel: "canonical", href: `${SITE}/es` }, ...alternates]);
  });

  it("describes /es in Spanish: title, description, Open Graph locale and URL, offers in the JSON-LD", () => {
    const meta = landingMeta(SITE, defaultSiteConfig, i18nFor("es"), "es");
    const find = (key: string, value: string) => meta.find((tag) => (tag as Record<string, unknown>)[key] === value);
    expect(meta[0]).toEqual({
      title: `Perfil de Google Business y sitios web para negocios de servicios | ${defaultSiteConfig.agencyName}`,
    });
    expect(find("name", "description")).toMatchObject({
      content: expect.stringMatching(/^Aparezca en Google.*\$250.*\$700/),
    });
    expect(find("property", "og:description")).toMatchObject({ content: expect.stringMatching(/^Aparezca en Google/) });
    expect(find("property", "og:locale")).toMatchObject({ content: "es_US" });
    expect(find("property", "og:locale:alternate")).toMatchObject({ content: "en_US" });
    expect(find("property", "og:url")).toMatchObject({ content: `${SITE}/es` });
    const jsonLd = meta.find((tag) => "script:ld+json" in tag) as {
      "script:ld+json": ReturnType<typeof landingJsonLd>;
    };
    const graph = jsonLd["script:ld+json"]["@graph"];
    expect(graph[0]?.makesOffer?.map((offer) => offer.name)).toEqual([
      "Perfil de Google Business",
      "Sitio web profesional",
    ]);
    expect(graph[2]).toMatchObject({ "@type": "WebPage", url: `${SITE}/es`, inLanguage: "es-US" });
  });

  it("writes robots.txt and sitemap.xml for SITE_URL", () => {
    const robots = robotsTxt(SITE);
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    expect(robots).toContain("Disallow: /dashboard\n");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const sitemap = sitemapXml(SITE);
    expect(sitemap).toContain(`<loc>${SITE}/</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/es</loc>`);
    // Each landing URL lists both languages and x-default.
    for (const url of sitemap.split("<url>").slice(1, 3)) {
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}/"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="es" href="${SITE}/es"/>`);
      expect(url).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/"/>`);
    }
    // The legal pages too, in both languages, each with its own language versions.
    expect(sitemap.split("<url>")).toHaveLength(1 + 8);
    const spanishTerms = sitemap.split("<url>").find((url) => url.includes(`<loc>${SITE}/es/terms</loc>`));
    expect(spanishTerms).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${SITE}/terms"/>`);
    expect(spanishTerms).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/terms"/>`);
    expect(sitemap).toContain(`<loc>${SITE}/privacy</loc>`);
    expect(sitemap).toContain(`<loc>${SITE}/es/refunds</loc>`);
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});
