import { href, Link } from "react-router";
import { Logo } from "~/components/logo";
import { CUSTOMER_LOGIN } from "~/lib/http/paths";
import { LOCALE_NAMES, type Locale } from "~/lib/i18n/locales";
import type { LandingContent } from "../content";
import { landingPath } from "~/lib/i18n/locales";

const button =
  "inline-flex h-9 items-center justify-center rounded-md px-2 text-xs font-semibold sm:px-3 sm:text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2";

/**
 * The landing page's language switcher: a plain form (no JavaScript needed, a full page load of the other
 * pre-rendered page) that keeps the choice in the `lang` cookie (and on the account when signed in) and goes
 * to the landing page in the chosen language (`/resources/language`, docs/decisions/026). The other language's
 * name is written in that language, marked with its `lang`.
 */
function LanguageSwitch({ locale }: { locale: Locale }) {
  const other: Locale = locale === "es" ? "en" : "es";
  return (
    <form method="post" action="/resources/language">
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="redirectTo" value={landingPath(other)} />
      <button
        type="submit"
        lang={other}
        className={`${button} px-2 text-slate-700 underline-offset-4 hover:bg-slate-100 hover:underline`}
      >
        {/* On a phone the language's code, so the brand keeps its room; its name stays the button's name. */}
        <span aria-hidden="true" className="uppercase sm:hidden">
          {other}
        </span>
        <span className="sr-only sm:not-sr-only">{LOCALE_NAMES[other]}</span>
      </button>
    </form>
  );
}

export function SiteHeader({ content, locale }: { content: LandingContent["header"]; locale: Locale }) {
  return (
    <header className="fixed inset-x-0 top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        {/* A long agency name wraps (never cut) rather than push the buttons off a narrow screen. */}
        <div className="min-w-0">
          <Logo to={landingPath(locale)} label={content.home} />
        </div>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <a href="#quote" className={`${button} bg-amber-400 text-slate-950 hover:bg-amber-300`}>
            {/* On a phone the short name, so the brand keeps its room; the whole one stays the link's name. */}
            <span aria-hidden="true" className="sm:hidden">
              {content.quoteShort}
            </span>
            <span className="sr-only sm:not-sr-only">{content.quote}</span>
          </a>
          <LanguageSwitch locale={locale} />
          <nav aria-label={content.navLabel} className="flex items-center gap-1 sm:gap-2">
            {/* On a phone the free quote takes its place (sign-up stays in the contact section and the footer). */}
            <Link
              to={href("/signup")}
              className={`${button.replace("inline-flex", "hidden sm:inline-flex")} border border-slate-300 bg-white text-slate-900 hover:bg-slate-100`}
            >
              {content.signUp}
            </Link>
            <Link to={CUSTOMER_LOGIN} className={`${button} bg-blue-700 text-white hover:bg-blue-800`}>
              {content.login}
            </Link>
          </nav>
        </div>
      </div>
    </header>
  );
}
