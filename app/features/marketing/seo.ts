/** What search engines and link previews read about the landing page: tags, structured data, robots, sitemap. */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import type { Locale } from "~/lib/i18n/locales";
import { SERVICE_CATALOG } from "~/domain/service-catalog";
import { paymentPriceIn } from "~/domain/service-texts";
import type { SiteConfig } from "~/lib/config/site-config";
import { type Offer, offersFor } from "./content";
import ogImage from "./images/og-image.jpg";
import { landingPath } from "~/lib/i18n/locales";
import { LEGAL_PAGES, legalPath } from "~/features/legal/legal-pages";

const OG_IMAGE = {
  src: ogImage,
  width: 1200,
  height: 630,
  alt: msg`Illustrations of a cleaner, a painter, a plumber and a roofer at work`,
};

/** The landing page in each language (`/` English, `/es` Spanish): each its own canonical URL, linked by hreflang. */
const LANDING_PAGES = [
  { locale: "en", path: landingPath("en"), hreflang: "en", ogLocale: "en_US", inLanguage: "en-US" },
  { locale: "es", path: landingPath("es"), hreflang: "es", ogLocale: "es_US", inLanguage: "es-US" },
] as const satisfies readonly {
  locale: Locale;
  path: string;
  hreflang: string;
  ogLocale: string;
  inLanguage: string;
}[];

/**
 * Pages that are public and worth indexing, each with its language versions: the landing page, then the legal pages
 * (less often changed, less important to a search).
 */
const INDEXED_PAGES: { en: string; es: string; changefreq: string; priority: string }[] = [
  { en: landingPath("en"), es: landingPath("es"), changefreq: "monthly", priority: "1.0" },
  ...LEGAL_PAGES.map((page) => ({
    en: legalPath(page, "en"),
    es: legalPath(page, "es"),
    changefreq: "yearly",
    priority: "0.3",
  })),
];
/** Signed-in and machine paths that crawlers should leave alone. */
const DISALLOWED_PATHS = ["/dashboard", "/admin", "/api/", "/resources/", "/events"] as const;

function offersIn(i18n: I18n): [Offer, Offer] {
  return offersFor(i18n) as [Offer, Offer];
}

function landingTitle(siteConfig: SiteConfig, i18n: I18n): string {
  const agencyName = siteConfig.agencyName;
  return i18n._(msg`Google Business Profile & Websites for Service Businesses | ${agencyName}`);
}

function landingDescription(i18n: I18n): string {
  const [googleOffer, websiteOffer] = offersIn(i18n);
  const googleName = googleOffer.name;
  const googlePrice = googleOffer.price;
  const websitePrice = websiteOffer.price;
  const payments = SERVICE_CATALOG.website.payments;
  const installment = paymentPriceIn(i18n.locale, "website", 1);
  return i18n._(
    msg`Get found on Google: ${googleName} setup for ${googlePrice}, ready in 1 week, and a custom website for ${websitePrice}, paid as ${payments} payments of ${installment}. For US service businesses in all 50 states.`,
  );
}

function absolute(siteUrl: string, path: string): string {
  return new URL(path, `${siteUrl}/`).href;
}

/** schema.org description of the agency and its two offers, priced in USD, serving the whole US. */
export function landingJsonLd(siteUrl: string, siteConfig: SiteConfig, i18n: I18n, locale: Locale = "en") {
  const home = `${siteUrl}/`;
  const page = LANDING_PAGES.find((landing) => landing.locale === locale)!;
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
        description: i18n._(
          msg`Digital-marketing agency that sets up Google Business Profiles and builds custom websites for US service businesses.`,
        ),
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
        makesOffer: offersIn(i18n).map((offer) => ({
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
              offer.type === "google_business"
                ? i18n._(msg`Google Business Profile setup`)
                : i18n._(msg`Website design and development`),
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
        inLanguage: LANDING_PAGES.map((landing) => landing.inLanguage),
      },
      {
        "@type": "WebPage",
        "@id": `${absolute(siteUrl, page.path)}#webpage`,
        url: absolute(siteUrl, page.path),
        isPartOf: { "@id": `${home}#website` },
        inLanguage: page.inLanguage,
      },
    ],
  };
}

/**
 * The head of the landing page in a language: title, description, its own canonical URL, `hreflang` links to
 * every language's page (itself included) and `x-default` (English), Open Graph, Twitter and JSON-LD.
 */
export function landingMeta(siteUrl: string, siteConfig: SiteConfig, i18n: I18n, locale: Locale): MetaDescriptor[] {
  const page = LANDING_PAGES.find((landing) => landing.locale === locale)!;
  const title = landingTitle(siteConfig, i18n);
  const description = landingDescription(i18n);
  const url = absolute(siteUrl, landingPath(locale));
  const image = absolute(siteUrl, OG_IMAGE.src);
  const imageAlt = i18n._(OG_IMAGE.alt);
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...LANDING_PAGES.map((landing) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: landing.hreflang,
      href: absolute(siteUrl, landing.path),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absolute(siteUrl, landingPath("en")) },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteConfig.agencyName },
    { property: "og:locale", content: page.ogLocale },
    ...LANDING_PAGES.filter((landing) => landing.locale !== locale).map((landing) => ({
      property: "og:locale:alternate",
      content: landing.ogLocale,
    })),
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    { "script:ld+json": landingJsonLd(siteUrl, siteConfig, i18n, locale) },
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

/**
 * Every indexed page in each language, each listing its language versions (itself included) and `x-default` as
 * `xhtml:link` alternates, as search engines read language versions from a sitemap.
 */
export function sitemapXml(siteUrl: string): string {
  const urls = INDEXED_PAGES.flatMap((page) => {
    const alternates = [
      ...LANDING_PAGES.map((landing) => ({
        hreflang: landing.hreflang,
        href: absolute(siteUrl, page[landing.locale]),
      })),
      { hreflang: "x-default", href: absolute(siteUrl, page.en) },
    ]
      .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
      .join("\n");
    return LANDING_PAGES.map(
      ({ locale }) =>
        `  <url>\n    <loc>${escapeXml(absolute(siteUrl, page[locale]))}</loc>\n${alternates}\n    <changefreq>${page.changefreq}</changefreq>\n    <priority>${page.priority}</priority>\n  </url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}
