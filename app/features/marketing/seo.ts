/** What search engines and link previews read about the landing page: tags, structured data, robots, sitemap. */
import type { MetaDescriptor } from "react-router";
import { formatDollars, SERVICE_CATALOG } from "~/lib/service-catalog";
import type { SiteConfig } from "~/lib/site-config";
import { offers } from "./content";
import ogImage from "./images/og-image.jpg";

export const OG_IMAGE = {
  src: ogImage,
  width: 1200,
  height: 630,
  alt: "Illustrations of a cleaner, a painter, a plumber and a roofer at work",
};

/** Pages that are public and worth indexing. */
export const INDEXED_PATHS = ["/"] as const;
/** Signed-in and machine paths that crawlers should leave alone. */
export const DISALLOWED_PATHS = ["/dashboard", "/admin", "/api/", "/resources/", "/events"] as const;

const [googleOffer, websiteOffer] = offers as [(typeof offers)[0], (typeof offers)[1]];

export function landingTitle(siteConfig: SiteConfig): string {
  return `Google Business Profile & Websites for Service Businesses | ${siteConfig.agencyName}`;
}

export function landingDescription(): string {
  const website = SERVICE_CATALOG.website;
  return (
    `Get found on Google: ${googleOffer.name} setup for ${googleOffer.price}, ready in 1 week, and a custom website ` +
    `for ${websiteOffer.price}, paid as ${website.payments} payments of ${formatDollars(website.amountPerPayment)}. ` +
    "For US service businesses in all 50 states."
  );
}

function absolute(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

/** schema.org description of the agency and its two offers, priced in USD, serving the whole US. */
export function landingJsonLd(siteUrl: string, siteConfig: SiteConfig) {
  const home = `${siteUrl}/`;
  const organizationId = `${home}#organization`;
  const unitedStates = { "@type": "Country", name: "United States" };
  return {
    "@context": "https://schema.org",
    "@graph": [
      {
        "@type": "Organization",
        "@id": organizationId,
        name: siteConfig.agencyName,
        url: home,
        logo: absolute(siteUrl, "/favicon.svg"),
        image: absolute(siteUrl, OG_IMAGE.src),
        description:
          "Digital-marketing agency that sets up Google Business Profiles and builds custom websites for US service businesses.",
        telephone: siteConfig.phone,
        email: siteConfig.email,
        areaServed: unitedStates,
        contactPoint: {
          "@type": "ContactPoint",
          contactType: "sales",
          telephone: siteConfig.phone,
          email: siteConfig.email,
          url: siteConfig.chatUrl,
          areaServed: "US",
        },
        makesOffer: offers.map((offer) => ({
          "@type": "Offer",
          name: offer.name,
          description: `${offer.paymentTerms}. ${offer.delivery}.`,
          price: offer.priceValue.toFixed(2),
          priceCurrency: "USD",
          areaServed: unitedStates,
          availability: "https://schema.org/InStock",
          itemOffered: {
            "@type": "Service",
            name: offer.name,
            description: offer.summary,
            serviceType:
              offer.type === "google_business" ? "Google Business Profile setup" : "Website design and development",
            provider: { "@id": organizationId },
            areaServed: unitedStates,
          },
        })),
      },
      {
        "@type": "WebSite",
        "@id": `${home}#website`,
        url: home,
        name: siteConfig.agencyName,
        publisher: { "@id": organizationId },
        inLanguage: "en-US",
      },
    ],
  };
}

export function landingMeta(siteUrl: string, siteConfig: SiteConfig): MetaDescriptor[] {
  const title = landingTitle(siteConfig);
  const description = landingDescription();
  const url = `${siteUrl}/`;
  const image = absolute(siteUrl, OG_IMAGE.src);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.agencyName },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: OG_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: OG_IMAGE.alt },
    { "script:ld+json": landingJsonLd(siteUrl, siteConfig) },
  ];
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function sitemapXml(siteUrl: string): string {
  const urls = INDEXED_PATHS.map(
    (path) =>
      `  <url>\n    <loc>${escapeXml(absolute(siteUrl, path))}</loc>\n    <changefreq>monthly</changefreq>\n    <priority>1.0</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
