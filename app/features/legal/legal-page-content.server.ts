import { msg } from "@lingui/core/macro";
import type { MetaDescriptor } from "react-router";
import { legalTextKey, type AdminSettings, type LegalPageKey } from "~/domain/admin-settings";
import { i18nFor } from "~/lib/i18n/catalogs.server";
import { landingPath, LOCALES, type Locale } from "~/lib/i18n/locales";
import { LEGAL_PAGES, LEGAL_TITLES, legalPath, paragraphsOf, type LegalPageContent } from "./legal-pages";
import { legalTextInForce, type LegalFacts } from "./legal-texts";

const HREFLANG: Record<Locale, string> = { en: "en", es: "es" };

/**
 * Everything a legal page shows, in its language, as loader data: the text (the admin's in that language as
 * written, else the standard one) and every word around it, so the page, like the landing page, loads no i18n code.
 */
export function legalPageContent(
  page: LegalPageKey,
  locale: Locale,
  legal: AdminSettings["legal"],
  facts: LegalFacts,
  siteUrl: string,
): LegalPageContent & { meta: MetaDescriptor[] } {
  const i18n = i18nFor(locale);
  const title = i18n._(LEGAL_TITLES[page]);
  const other: Locale = locale === "es" ? "en" : "es";
  const { companyName, supportEmail } = facts;
  // The landing page's own words for its logo link.
  const agencyName = companyName;
  return {
    locale,
    page,
    title,
    paragraphs: paragraphsOf(legalTextInForce(page, legal[legalTextKey(page, locale)], i18n, facts)),
    home: {
      href: landingPath(locale),
      label: i18n._(msg`${agencyName} home`),
      text: i18n._(msg`Back to the home page`),
    },
    switchTo: { locale: other, redirectTo: legalPath(page, other) },
    navLabel: i18n._(msg`Legal`),
    links: LEGAL_PAGES.map((key) => ({
      href: legalPath(key, locale),
      label: i18n._(LEGAL_TITLES[key]),
      current: key === page,
    })),
    contact: i18n._(msg`Questions: ${supportEmail}`),
    supportEmail,
    meta: [
      { title: `${title} | ${companyName}` },
      { name: "description", content: i18n._(msg`${title} of ${companyName}.`) },
      { tagName: "link", rel: "canonical", href: `${siteUrl}${legalPath(page, locale)}` },
      ...LOCALES.map((language) => ({
        tagName: "link",
        rel: "alternate",
        hrefLang: HREFLANG[language],
        href: `${siteUrl}${legalPath(page, language)}`,
      })),
    ],
  };
}
