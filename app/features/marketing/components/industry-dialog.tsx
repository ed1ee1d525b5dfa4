import { BadgeDollarSign, Globe, MapPin, TrendingUp, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import type { Industry, LandingContent } from "../content";
import { BENEFIT_ORDER, type IndustryBenefit } from "../landing";

const ICONS: Record<IndustryBenefit, typeof Globe> = {
  googleBusiness: MapPin,
  website: Globe,
  moreClients: TrendingUp,
  credibility: BadgeDollarSign,
};

/**
 * 'Why {industry} Businesses Need Online Presence': Radix gives it the focus trap and Escape to close. Its copy
 * comes with the industry, in the page's language (loader data, content.ts): this code carries no text.
 */
export default function IndustryDialog({
  industry,
  labels,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  industry: Industry;
  labels: LandingContent["industries"]["dialog"];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { dialog } = industry;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl focus:outline-none sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-2xl font-bold text-slate-900">{dialog.title}</Dialog.Title>
            <Dialog.Close
              aria-label={labels.close}
              className="-mt-1 -mr-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-slate-700">
            {dialog.description}
          </Dialog.Description>
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
            <Dialog.Close className="inline-flex h-11 items-center justify-center rounded-md border border-slate-300 px-5 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
              {labels.back}
            </Dialog.Close>
            <Link
              to="/signup"
              className="inline-flex h-11 items-center justify-center rounded-md bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
            >
              {labels.signUp}
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
