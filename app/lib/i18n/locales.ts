/**
 * The interface's languages and how one is chosen (docs/decisions/026): the user's saved choice, else the
 * visitor's cookie, else the browser's Accept-Language, else English. Pure: runs on both sides.
 */
import { href } from "react-router";
import { sitePath } from "../http/paths";

export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie a visitor's choice is kept in (a signed-in user's is also saved on the account). */
const LANGUAGE_COOKIE = "lang";

/** Each language's own name, as the switcher shows it (in that language). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español" };

/** BCP 47 tags for Intl (dates, money, numbers). */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-US", es: "es-US" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our languages for an Accept-Language header: tags by descending quality (ties keep their order),
 * matched on the primary subtag (`es-MX` is Spanish); `*` and unknown languages are skipped; none: null.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale | null {
  if (!acceptLanguage) return null;
  const ranges = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split("-")[0] ?? "",
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((range) => range.language).find(isLocale) ?? null;
}

/** The language cookie's value from a Cookie header, if it names one of ours. */
export function localeFromCookie(cookieHeader: string | null | undefined): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isLocale(value)) return value;
  }
  return null;
}

/** The language of a request: saved choice, cookie, Accept-Language, English. */
export function chooseLocale(saved: string | null | undefined, headers: Headers): Locale {
  if (isLocale(saved)) return saved;
  return localeFromCookie(headers.get("cookie")) ?? negotiateLocale(headers.get("accept-language")) ?? DEFAULT_LOCALE;
}

/**
 * Where a visit to the English landing page `/` goes instead: `/es` for whoever chose Spanish (the language cookie),
 * and for a browser that prefers Spanish when no choice was made. A crawler (no Accept-Language) and anyone who
 * picked English stay on `/`.
 */
export function landingRedirect(pathname: string, headers: Headers): string | null {
  if (pathname !== "/") return null;
  const chosen = localeFromCookie(headers.get("cookie")) ?? negotiateLocale(headers.get("accept-language"));
  return chosen === "es" ? landingPath("es") : null;
}

/** The Set-Cookie header keeping a visitor's choice for a year (not secret: readable by scripts is fine). */
export function languageCookie(locale: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The landing page's path in a language: English at `/`, Spanish at `/es` (docs/decisions/026). */
export function landingPath(locale: Locale): string {
  return locale === "es" ? href("/es") : href("/");
}

/** Where to go after switching: the same page (a local path only), the landing page in the chosen language. */
export function pageAfterSwitch(redirectTo: string | undefined, language: Locale): string {
  const path = (redirectTo && sitePath(redirectTo)) || "/";
  const [pathname = "/"] = path.split(/[?#]/);
  if (pathname === "/" || pathname === "/es") return landingPath(language);
  return path;
}
