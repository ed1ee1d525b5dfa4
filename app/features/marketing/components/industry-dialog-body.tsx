import { BadgeDollarSign, Globe, MapPin, TrendingUp, X } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { href, Link } from "react-router";
import type { Industry, LandingContent } from "../content";
import { BENEFIT_ORDER, type IndustryBenefit } from "../landing";

const ICONS: Record<IndustryBenefit, typeof Globe> = {
  googleBusiness: MapPin,
  website: Globe,
  moreClients: TrendingUp,
  credibility: BadgeDollarSign,
};

export const DIALOG_OVERLAY_CLASS = "fixed inset-0 z-40 bg-slate-950/60";
export const DIALOG_CONTENT_CLASS =
  "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8";

type Part = ComponentType<{ id?: string; className?: string; "aria-label"?: string; children: ReactNode }>;
/** The link to the free quote form that closes the dialog, naming the trade for the form. */
type QuotePart = ComponentType<{ industry: string; className?: string; children: ReactNode }>;

/** The elements that make a dialog a dialog: Radix's in the React page, plain ones in the pre-rendered page's template. */
export interface DialogParts {
  Title: Part;
  Description: Part;
  Close: Part;
  QuoteLink: QuotePart;
}

/**
 * What 'Why {industry} Businesses Need Online Presence' says, in the page's language (its copy comes with the
 * industry, content.ts): one markup for both dialogs, so they look the same. `ids` names the title and the
 * description when the parts do not (Radix makes its own).
 */
export function IndustryDialogBody({
  industry,
  labels,
  parts: { Title, Description, Close, QuoteLink },
  ids,
}: {
  industry: Industry;
  labels: LandingContent["industries"]["dialog"];
  parts: DialogParts;
  ids?: { title: string; description: string };
}) {
  const { dialog } = industry;
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <Title {...(ids ? { id: ids.title } : {})} className="text-2xl font-bold text-slate-900">
          {dialog.title}
        </Title>
        <Close
          aria-label={labels.close}
          className="-mt-1 -mr-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          <X aria-hidden="true" className="size-5" />
        </Close>
      </div>
      <Description {...(ids ? { id: ids.description } : {})} className="mt-2 text-slate-700">
        {dialog.description}
      </Description>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {BENEFIT_ORDER.map((key) => {
          const Icon = ICONS[key];
          return (
            <div key={key} className="rounded-xl bg-slate-50 p-4">
              <h3 className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon aria-hidden="true" className="size-5 text-blue-700" />
                {dialog.benefits[key].title}
              </h3>
              <p className="mt-2 text-sm text-slate-700">{dialog.benefits[key].text}</p>
            </div>
          );
        })}
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Close className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 px-5 py-2 text-center font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
          {labels.back}
        </Close>
        <Link
          to={href("/signup")}
          className="inline-flex min-h-11 items-center justify-center rounded-md border border-blue-700 px-5 py-2 text-center font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {labels.signUp}
        </Link>
        <QuoteLink
          industry={industry.slug}
          className="inline-flex min-h-11 items-center justify-center rounded-md bg-blue-700 px-5 py-2 text-center font-semibold text-white hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
        >
          {labels.quote}
        </QuoteLink>
      </div>
    </>
  );
}

const TEMPLATE_PARTS: DialogParts = {
  Title: (props) => <h2 {...props} />,
  Description: (props) => <p {...props} />,
  Close: (props) => <button type="button" data-dialog-close="" {...props} />,
  // The page's script closes the dialog, chooses the trade in the form and moves to it (../enhance/quote-form.ts).
  QuoteLink: ({ industry, ...props }) => (
    <a href="#quote" data-dialog-close="" data-quote-industry={industry} {...props} />
  ),
};

/**
 * The dialog as the pre-rendered page has it. React does not run there, so its markup waits in a <template>
 * (parsed, never shown), and the page's script (../enhance/industry-dialogs.ts) shows a copy of it with what
 * Radix gives the other one: focus inside, Escape and the overlay close it, focus back on the card.
 * The elements and attributes are those of the open Radix dialog.
 */
export function IndustryDialogTemplate({
  industry,
  labels,
}: {
  industry: Industry;
  labels: LandingContent["industries"]["dialog"];
}) {
  const id = `industry-dialog-${industry.slug}`;
  const ids = { title: `${id}-title`, description: `${id}-description` };
  return (
    <template data-industry-dialog={industry.slug}>
      <div data-state="open" data-dialog-overlay="" className={DIALOG_OVERLAY_CLASS} />
      <div
        role="dialog"
        aria-describedby={ids.description}
        aria-labelledby={ids.title}
        data-state="open"
        tabIndex={-1}
        className={DIALOG_CONTENT_CLASS}
      >
        <IndustryDialogBody industry={industry} labels={labels} parts={TEMPLATE_PARTS} ids={ids} />
      </div>
    </template>
  );
}
