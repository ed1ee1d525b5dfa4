import { BELOW_THE_FOLD, cx } from "./cx";

/** A 'why' section: a heading, an intro and four numbered reasons. */
export function Reasons({
  id,
  content: { title, intro, reasons },
  tone,
}: {
  id: string;
  content: { title: string; intro: string; reasons: { title: string; text: string }[] };
  tone: "white" | "blue";
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx("scroll-mt-16 py-20", BELOW_THE_FOLD, tone === "blue" ? "bg-blue-50" : "bg-white")}
    >
      <div className="mx-auto grid max-w-6xl gap-12 px-4 lg:grid-cols-3">
        <div>
          <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{intro}</p>
        </div>
        <ul className="grid gap-8 sm:grid-cols-2 lg:col-span-2">
          {reasons.map((reason, i) => {
            return (
              <li key={reason.title}>
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-lg bg-blue-700 font-bold text-white"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-2 text-slate-700">{reason.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
