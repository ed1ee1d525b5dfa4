import { CheckIcon } from "./icons";
import { Link } from "react-router";
import { orderPath } from "~/lib/http/paths";
import type { LandingContent } from "../content";
import { BELOW_THE_FOLD } from "./cx";

export function Services({ content }: { content: LandingContent["services"] }) {
  const { offers, steps } = content;
  return (
    <section id="services" aria-labelledby="services-title" className={`scroll-mt-16 bg-white py-20 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2 id="services-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {content.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{content.intro}</p>
        </div>
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          {offers.map((offer) => (
            <article
              key={offer.type}
              aria-labelledby={`offer-${offer.type}`}
              className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm sm:p-8"
            >
              <h3 id={`offer-${offer.type}`} className="text-xl font-bold text-slate-900">
                {offer.name}
              </h3>
              <p className="mt-2 text-slate-700">{offer.summary}</p>
              <p className="mt-6 flex items-baseline gap-2">
                <span className="text-5xl font-extrabold tracking-tight text-slate-900">{offer.price}</span>
                <span className="text-slate-600">USD</span>
              </p>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-800">
                <dt className="font-semibold">{content.payment}</dt>
                <dd>{offer.paymentTerms}</dd>
                <dt className="font-semibold">{content.delivery}</dt>
                <dd>{offer.delivery}</dd>
              </dl>
              <ul className="mt-6 space-y-3 text-slate-700">
                {offer.includes.map((item) => (
                  <li key={item} className="flex gap-3">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-green-700" />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
              {offer.note ? (
                <p className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{offer.note}</p>
              ) : null}
              <div className="mt-auto pt-8">
                {/* A minimum height, not a fixed one: on a phone the label (longer in Spanish) takes two lines. */}
                <Link
                  to={orderPath(offer.type)}
                  className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-blue-700 px-6 py-2 text-center font-semibold text-balance text-white hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
                >
                  {offer.orderLabel}
                </Link>
              </div>
            </article>
          ))}
        </div>
        <h3 className="mt-16 text-xl font-bold text-slate-900">{content.howItWorks}</h3>
        <ol className="mt-6 grid gap-6 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-blue-700 font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <p className="font-semibold text-slate-900">{step.title}</p>
                <p className="mt-1 text-slate-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
