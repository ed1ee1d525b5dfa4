import type { ReactNode } from "react";
import { dotClassName, type CarouselTone } from "../carousel-view";
import { PauseIcon, PlayIcon } from "./icons";
import { cx } from "./cx";

/**
 * One slide of a carousel: named 'Slide n of N' (`label`, in the page's language) for assistive technology,
 * marked current, and hidden and inert while another slide shows. `className` lays it out; the current/hidden
 * classes come from the caller. The `data-carousel-*` attributes are how the pre-rendered page's script finds
 * the parts it changes (../enhance/carousels.ts); they change nothing on screen.
 */
export function CarouselSlide({
  label,
  current,
  className,
  children,
}: {
  label: string;
  current: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <div
      data-carousel-slide=""
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-current={current ? "true" : undefined}
      aria-hidden={!current}
      inert={!current}
      className={className}
    >
      {children}
    </div>
  );
}

/**
 * The visible pause/play control and one dot per slide. `label` names the carousel in the control's
 * accessible name ('Pause hero slideshow'); `dotLabel` names each dot; `pauseText` and `playText` are the
 * control's words in the page's language.
 */
export function CarouselControls({
  label,
  count,
  index,
  playing,
  onSelect,
  onToggle,
  dotLabel,
  tone,
  pauseText,
  playText,
}: {
  label: string;
  count: number;
  index: number;
  playing: boolean;
  onSelect: (index: number) => void;
  onToggle: () => void;
  dotLabel: (index: number) => string;
  tone: CarouselTone;
  pauseText: string;
  playText: string;
}) {
  const light = tone === "light";
  return (
    <div className="flex items-center justify-center gap-3">
      <button
        type="button"
        onClick={onToggle}
        data-carousel-toggle=""
        data-pause-text={pauseText}
        data-play-text={playText}
        className={cx(
          "inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 [&_svg]:size-4",
          light
            ? "bg-white/15 text-white hover:bg-white/25 focus-visible:ring-white focus-visible:ring-offset-slate-900"
            : "bg-slate-900 text-white hover:bg-slate-700 focus-visible:ring-blue-600",
        )}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
        <span data-toggle-text="">{playing ? pauseText : playText}</span>
        <span className="sr-only"> {label}</span>
      </button>
      <ul className="flex items-center">
        {Array.from({ length: count }, (_, dot) => (
          <li key={dot}>
            {/* The dot is small; the button around it is a 32px target. */}
            <button
              type="button"
              onClick={() => onSelect(dot)}
              data-carousel-dot=""
              aria-label={dotLabel(dot)}
              aria-current={dot === index ? "true" : undefined}
              className={cx(
                "group grid size-8 place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2",
                light ? "focus-visible:ring-white" : "focus-visible:ring-blue-600",
              )}
            >
              <span className={dotClassName(tone, dot === index)} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
