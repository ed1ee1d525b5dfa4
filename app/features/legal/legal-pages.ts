/**
 * The three legal pages: where each is, in each language, and how a stored text becomes paragraphs. Pure: the
 * landing page's footer, the sign-up form, the pages themselves and the admin settings use it on both sides.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { href } from "react-router";
import type { LegalPageKey } from "~/domain/admin-settings";
import { LOCALES, type Locale } from "~/lib/i18n/locales";

export const LEGAL_PAGES = [
  "privacyPolicy",
  "termsOfService",
  "refundPolicy",
] as const satisfies readonly LegalPageKey[];

/** Each page's title, read in the page's language. */
export const LEGAL_TITLES: Record<LegalPageKey, MessageDescriptor> = {
  privacyPolicy: msg`Privacy Policy`,
  termsOfService: msg`Terms of Service`,
  refundPolicy: msg`Refund Policy`,
};

/**
 * Each page's address in each language: `/privacy` in English, `/es/privacy` in Spanish, as the landing page is `/`
 * and `/es`. Written as the route table's paths, so a page missing from it in a language fails the type check.
 */
const LEGAL_PATHS: Record<LegalPageKey, Record<Locale, string>> = {
  privacyPolicy: { en: href("/privacy"), es: href("/es/privacy") },
  termsOfService: { en: href("/terms"), es: href("/es/terms") },
  refundPolicy: { en: href("/refunds"), es: href("/es/refunds") },
};

export function legalPath(page: LegalPageKey, locale: Locale): string {
  return LEGAL_PATHS[page][locale];
}

/** Which page and language a path is (`/es/terms`: the terms in Spanish); null for any other path. */
export function legalPageAt(pathname: string): { page: LegalPageKey; locale: Locale } | null {
  const path = pathname.replace(/\/+$/, "");
  for (const page of LEGAL_PAGES) {
    const locale = LOCALES.find((language) => LEGAL_PATHS[page][language] === path);
    if (locale) return { page, locale };
  }
  return null;
}

/**
 * A plain text as paragraphs: a blank line (spaces allowed on it) ends one; the single line breaks inside a paragraph
 * stay (the page shows them). Nothing in the text is markup: React writes it as text.
 */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\s*\n|\s+$/g, ""))
    .filter((paragraph) => paragraph.trim() !== "");
}

/** A legal page as its loader gives it: the text's paragraphs and every word around them, in the page's language. */
export interface LegalPageContent {
  locale: Locale;
  page: LegalPageKey;
  title: string;
  paragraphs: string[];
  home: { href: string; label: string; text: string };
  switchTo: { locale: Locale; redirectTo: string };
  navLabel: string;
  links: { href: string; label: string; current: boolean }[];
  contact: string;
  supportEmail: string;
}
