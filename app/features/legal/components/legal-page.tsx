import { Logo } from "~/components/logo";
import { LOCALE_NAMES } from "~/lib/i18n/locales";
import type { LegalPageContent } from "../legal-pages";

const focusRing =
  "rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2";

/**
 * A legal page: the text as paragraphs, each shown as written (React writes it as text, so nothing in it is markup;
 * its single line breaks stay), with links to the other two pages and the home page. Plain links and a plain form
 * for the language: the page needs no JavaScript.
 */
export function LegalPage({ content }: { content: LegalPageContent }) {
  const other = content.switchTo.locale;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-2 px-4">
          <div className="min-w-0 [&_a]:min-w-0 [&_a>span:last-child]:truncate">
            <Logo to={content.home.href} label={content.home.label} />
          </div>
          <form method="post" action="/resources/language" className="shrink-0">
            <input type="hidden" name="language" value={other} />
            <input type="hidden" name="redirectTo" value={content.switchTo.redirectTo} />
            <button
              type="submit"
              lang={other}
              className={`px-2 py-1 text-sm font-semibold text-slate-700 underline-offset-4 hover:underline ${focusRing}`}
            >
              {LOCALE_NAMES[other]}
            </button>
          </form>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <h1 className="text-3xl font-bold text-slate-900">{content.title}</h1>
        <div className="mt-6 space-y-4 text-base leading-relaxed text-slate-700">
          {content.paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line break-words">
              {paragraph}
            </p>
          ))}
        </div>
        <p className="mt-8 text-sm text-slate-600">
          <a href={`mailto:${content.supportEmail}`} className={`text-blue-700 underline ${focusRing}`}>
            {content.contact}
          </a>
        </p>
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <nav aria-label={content.navLabel} className="mx-auto max-w-3xl px-4 py-6">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {content.links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  aria-current={link.current ? "page" : undefined}
                  className={`inline-block py-1 text-slate-700 hover:text-slate-900 hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 ${focusRing}`}
                >
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a
                href={content.home.href}
                className={`inline-block py-1 text-slate-700 hover:text-slate-900 hover:underline ${focusRing}`}
              >
                {content.home.text}
              </a>
            </li>
          </ul>
        </nav>
      </footer>
    </div>
  );
}
