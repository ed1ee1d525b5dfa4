import { EmailText } from "~/components/email-text";
import { ChatIcon, MailIcon, PhoneIcon } from "./icons";
import { href, Link } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";
import type { LandingContent } from "../content";
import { telHref } from "../landing";
import { BELOW_THE_FOLD } from "./cx";

export function Coverage({
  coverage,
  contact,
}: {
  coverage: LandingContent["coverage"];
  contact: LandingContent["contact"];
}) {
  const { chatUrl, phone, email } = useSiteConfig();
  return (
    <section id="coverage" aria-labelledby="coverage-title" className={`scroll-mt-16 bg-white py-20 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto grid max-w-6xl gap-12 px-4 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <h2 id="coverage-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {coverage.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{coverage.text}</p>
          <ul
            aria-label={coverage.statesLabel}
            className="mt-8 columns-2 gap-x-6 text-sm text-slate-700 sm:columns-3 md:columns-4"
          >
            {coverage.states.map((state) => (
              <li key={state} className="py-0.5">
                {state}
              </li>
            ))}
          </ul>
        </div>
        <div
          id="contact"
          className="scroll-mt-20 self-start rounded-2xl bg-blue-800 p-6 text-white shadow-xl sm:p-8 lg:col-span-2"
        >
          <h2 className="text-2xl font-bold">{contact.title}</h2>
          <p className="mt-3 text-blue-50">{contact.text}</p>
          <ul className="mt-6 space-y-3">
            <li>
              <a
                href={chatUrl}
                target="_blank"
                rel="noopener"
                className="flex items-center gap-3 rounded-lg bg-green-700 px-4 py-3 font-semibold hover:bg-green-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <ChatIcon className="size-5 shrink-0" />
                {contact.chat}
                <span className="sr-only">{contact.opensInNewTab}</span>
              </a>
            </li>
            <li>
              <a
                href={telHref(phone)}
                className="flex items-center gap-3 rounded-lg bg-white/10 px-4 py-3 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <PhoneIcon className="size-5 shrink-0" />
                <span>
                  <span className="sr-only">{contact.call} </span>
                  {phone}
                </span>
              </a>
            </li>
            <li>
              <a
                href={`mailto:${email}`}
                className="flex items-center gap-3 rounded-lg bg-white/10 px-4 py-3 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                <MailIcon className="size-5 shrink-0" />
                <span>
                  <span className="sr-only">{contact.email} </span>
                  <EmailText email={email} />
                </span>
              </a>
            </li>
          </ul>
          <Link
            to={href("/signup")}
            className="mt-8 inline-flex min-h-12 w-full items-center justify-center rounded-md bg-white px-6 py-2 text-center text-base font-bold text-blue-800 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-blue-800"
          >
            {contact.getStarted}
          </Link>
        </div>
      </div>
    </section>
  );
}
