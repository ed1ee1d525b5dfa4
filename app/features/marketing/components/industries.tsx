import { lazy, Suspense, useRef, useState } from "react";
import type { Industry, LandingContent } from "../content";
import { SCENE_SIZE } from "../landing";
import { BELOW_THE_FOLD } from "./cx";
import { IndustryDialogTemplate } from "./industry-dialog-body";

// When React runs the page (a visitor who came to it from another page of the app), the dialog (Radix Dialog) is
// fetched when a visitor shows interest, so it adds nothing to what the page loads up front. The pre-rendered page
// has no React in the browser: each card's button names its dialog (`data-industry`), whose markup waits in a
// template for the page's script (../enhance/industry-dialogs.ts).
const loadDialog = () => import("./industry-dialog");
const IndustryDialog = lazy(loadDialog);

export function Industries({ content }: { content: LandingContent["industries"] }) {
  const [selected, setSelected] = useState<Industry | null>(null);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement | null>(null);

  return (
    <section
      id="industries"
      aria-labelledby="industries-title"
      className={`scroll-mt-16 bg-slate-50 py-20 ${BELOW_THE_FOLD}`}
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2 id="industries-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {content.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{content.intro}</p>
        </div>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {content.items.map((industry) => (
            <li
              key={industry.slug}
              className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md"
            >
              <img
                src={industry.image.src}
                alt={industry.image.alt}
                width={SCENE_SIZE.width}
                height={SCENE_SIZE.height}
                loading="lazy"
                decoding="async"
                className="aspect-video h-auto w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-lg font-semibold text-slate-900">
                  {/* The whole card is the button's target (the ::after layer covers it). */}
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    data-industry={industry.slug}
                    onPointerEnter={() => void loadDialog()}
                    onFocus={() => void loadDialog()}
                    onClick={(event) => {
                      trigger.current = event.currentTarget;
                      setSelected(industry);
                      setOpen(true);
                    }}
                    className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
                  >
                    {industry.name}
                  </button>
                </h3>
                <p className="mt-1 text-slate-700">{industry.description}</p>
                <p
                  aria-hidden="true"
                  className="mt-auto flex items-center gap-1 pt-4 text-sm font-semibold text-blue-700"
                >
                  {content.whyGoOnline} <span className="transition-transform group-hover:translate-x-1">&rarr;</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {selected ? (
        <Suspense fallback={null}>
          <IndustryDialog
            industry={selected}
            labels={content.dialog}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              // Back to the card that opened it, also in browsers that do not focus a clicked button.
              event.preventDefault();
              trigger.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      {content.items.map((industry) => (
        <IndustryDialogTemplate key={industry.slug} industry={industry} labels={content.dialog} />
      ))}
    </section>
  );
}
