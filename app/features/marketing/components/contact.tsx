import { EmailText } from "~/components/email-text";
import { href, Link } from "react-router";
import { useSiteConfig } from "~/lib/config/use-site-config";
import type { LandingContent } from "../content";
import { telHref } from "../landing";
import { ChatIcon, MailIcon, PhoneIcon } from "./icons";
import { QuoteForm, QuoteThanks } from "./quote-form";

/**
 * The contact section: the free quote form, and the other ways to reach the agency (chat, phone, e-mail, an account).
 * The form's thank-you waits in a template for the page's script, which shows it in place once the request is sent.
 */
export function Contact({ contact }: { contact: LandingContent["contact"] }) {
  const { chatUrl, phone, email } = useSiteConfig();
  return (
    // Not skipped while off screen as the sections above are: the header's link jumps straight to the form, whose
    // height no placeholder size matches.
    <section id="contact" aria-labelledby="quote-title" className="scroll-mt-16 bg-slate-50 py-20">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 lg:grid-cols-5">
        <div
          id="quote"
          data-quote=""
          className="scroll-mt-20 self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="quote-title" className="text-3xl font-bold tracking-tight text-slate-900">
            {contact.quote.title}
          </h2>
          <p className="mt-3 mb-6 text-slate-700">{contact.quote.intro}</p>
          <QuoteForm content={contact.quote} />
          <template data-quote-thanks-template="">
            <QuoteThanks content={contact.quote.thanks} phone={phone} bookingLink={null} heading="h2" />
          </template>
        </div>
        <div className="self-start rounded-2xl bg-blue-800 p-6 text-white shadow-xl sm:p-8 lg:col-span-2">
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
