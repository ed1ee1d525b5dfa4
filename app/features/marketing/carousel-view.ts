/**
 * How the landing page's carousels look in each state: the class names and icons that change with the current
 * slide and the pause/play choice. The React components render them, and the pre-rendered page's own script
 * (./enhance/carousels.ts) sets the same ones when it changes slides, so both draw exactly the same page.
 */
import { cx } from "./components/cx";
import { HERO_INTERVAL_MS, TESTIMONIAL_INTERVAL_MS } from "./landing";

export type CarouselKind = "hero" | "testimonials";
export type CarouselTone = "light" | "dark";

export interface CarouselLook {
  intervalMs: number;
  tone: CarouselTone;
  slideClassName: (current: boolean) => string;
}

export const CAROUSELS: Record<CarouselKind, CarouselLook> = {
  hero: {
    intervalMs: HERO_INTERVAL_MS,
    tone: "light",
    slideClassName: (current) =>
      cx(
        "absolute inset-0 transition-opacity duration-1000 motion-reduce:transition-none",
        current ? "opacity-100" : "opacity-0",
      ),
  },
  testimonials: {
    intervalMs: TESTIMONIAL_INTERVAL_MS,
    tone: "light",
    // Every card sits in the same grid cell; the others are invisible, not removed, so the box keeps its height.
    slideClassName: (current) =>
      cx(
        "col-start-1 row-start-1 rounded-2xl bg-white p-6 shadow-xl transition-[opacity,visibility] duration-500 motion-reduce:transition-none sm:p-10",
        current ? "opacity-100" : "invisible opacity-0",
      ),
  },
};

export function isCarouselKind(value: string | undefined): value is CarouselKind {
  return value === "hero" || value === "testimonials";
}

/** The visible dot inside a dot's button: the current one is wider. */
export function dotClassName(tone: CarouselTone, current: boolean): string {
  const light = tone === "light";
  return cx(
    "block h-2.5 rounded-full transition-all motion-reduce:transition-none",
    current ? "w-6" : "w-2.5",
    light
      ? current
        ? "bg-white"
        : "bg-white/60 group-hover:bg-white/90"
      : current
        ? "bg-blue-700"
        : "bg-slate-400 group-hover:bg-slate-600",
  );
}

/** The pause/play control's icon: pause while the carousel is meant to rotate, play otherwise. */
export const ROTATION_ICONS = {
  pause: { d: "M8 5v14M16 5v14", filled: false },
  play: { d: "M7 4.5v15L19.5 12z", filled: true },
} as const;
