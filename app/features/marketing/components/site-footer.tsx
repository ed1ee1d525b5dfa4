import { href, Link } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";
import { CUSTOMER_LOGIN } from "~/lib/http/paths";
import type { LandingContent } from "../content";
import { BELOW_THE_FOLD } from "./cx";

export function SiteFooter({ content }: { content: LandingContent["footer"] }) {
  const { agencyName } = useSiteConfig();
  return (
    <footer className={`bg-slate-950 py-12 text-slate-300 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{agencyName}</p>
          <p className="mt-2 text-sm">{content.tagline}</p>
        </div>
        <nav aria-label={content.sectionsLabel}>
          <ul className="space-y-1 text-sm">
            {content.sections.map((section) => (
              <li key={section.href}>
                <a
                  href={section.href}
                  className="inline-block rounded py-1 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                >
                  {section.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={content.accountLabel}>
          <ul className="space-y-1 text-sm">
            <li>
              <Link
                to={href("/signup")}
                className="inline-block rounded py-1 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                {content.createAccount}
              </Link>
            </li>
            <li>
              <Link
                to={CUSTOMER_LOGIN}
                className="inline-block rounded py-1 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                {content.clientLogin}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={content.legalLabel}>
          <ul className="space-y-1 text-sm">
            {content.legal.map((page) => (
              <li key={page.href}>
                {/* A document load: the legal pages are rendered per request with the admin's texts. */}
                <a
                  href={page.href}
                  className="inline-block rounded py-1 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
                >
                  {page.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="mx-auto mt-10 max-w-6xl px-4 text-xs text-slate-400">
        &copy; {agencyName}. {content.rights}
      </p>
    </footer>
  );
}
