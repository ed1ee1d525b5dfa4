import type { LandingContent } from "../content";
import { BELOW_THE_FOLD } from "./cx";

export function Coverage({ coverage }: { coverage: LandingContent["coverage"] }) {
  return (
    <section id="coverage" aria-labelledby="coverage-title" className={`scroll-mt-16 bg-white py-20 ${BELOW_THE_FOLD}`}>
      <div className="mx-auto max-w-6xl px-4">
        <div>
          <h2 id="coverage-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {coverage.title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{coverage.text}</p>
          <ul
            aria-label={coverage.statesLabel}
            className="mt-8 columns-2 gap-x-6 text-sm text-slate-700 sm:columns-3 md:columns-4 lg:columns-6"
          >
            {coverage.states.map((state) => (
              <li key={state} className="py-0.5">
                {state}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
