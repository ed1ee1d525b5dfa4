import { Form, useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "~/lib/i18n/locales";
import { cn } from "~/lib/utils";

/**
 * The language switcher of the portal and admin headers (the landing page has its own, without React Router's
 * form code): one button naming the other language in that language. Posts to /resources/language, which
 * saves the choice and comes back to this page; the session is untouched.
 */
export function LanguageSwitcher({ locale, className }: { locale: Locale; className?: string }) {
  const location = useLocation();
  const other: Locale = locale === "es" ? "en" : "es";
  return (
    <Form method="post" action="/resources/language" className={className}>
      <input type="hidden" name="language" value={other} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        lang={other}
        className={cn(
          "inline-flex h-9 items-center rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:outline-none",
        )}
      >
        {LOCALE_NAMES[other]}
      </button>
    </Form>
  );
}
