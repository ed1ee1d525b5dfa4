/**
 * The carousels of the pre-rendered landing page, without React: the same rules (../carousel.ts) and the same
 * look (../carousel-view.ts) as components/use-carousel.ts and the components that use it, applied to the markup
 * React rendered at build time. One timer per slide (choosing another slide restarts the wait), held while the
 * pointer is over the carousel or keyboard focus is inside it, stopped by the pause control or by a reduced-motion
 * preference.
 */
import {
  carouselReducer,
  initialCarouselState,
  isRotating,
  wantsRotation,
  type CarouselAction,
  type CarouselState,
} from "../carousel";
import { CAROUSELS, dotClassName, isCarouselKind, ROTATION_ICONS } from "../carousel-view";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Runs the carousel whose region is `region` (`data-carousel="hero"`...); the returned function stops it. */
export function enhanceCarousel(region: HTMLElement): () => void {
  const kind = region.dataset.carousel;
  if (!isCarouselKind(kind)) return () => {};
  const look = CAROUSELS[kind];
  const slides = [...region.querySelectorAll<HTMLElement>("[data-carousel-slide]")];
  const dots = [...region.querySelectorAll<HTMLElement>("[data-carousel-dot]")];
  const toggle = region.querySelector<HTMLElement>("[data-carousel-toggle]");
  const live = region.querySelector<HTMLElement>("[data-carousel-live]");
  const count = slides.length;
  const reducedMotion = window.matchMedia(REDUCED_MOTION);

  let state: CarouselState = initialCarouselState;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The slide the running timer was set for: as the React effect, a new wait starts when this or `rotating` changes. */
  let armedFor: number | null = null;

  function dispatch(action: CarouselAction) {
    state = carouselReducer(state, action);
    render();
  }

  function render() {
    const rotating = isRotating(state.choice, {
      hydrated: true,
      reducedMotion: reducedMotion.matches,
      hovered,
      focused,
    });
    const playing = wantsRotation(state.choice, reducedMotion.matches);
    slides.forEach((slide, i) => {
      const current = i === state.index;
      setAttribute(slide, "aria-current", current ? "true" : null);
      setAttribute(slide, "aria-hidden", String(!current));
      setAttribute(slide, "inert", current ? null : "");
      setClassName(slide, look.slideClassName(current));
    });
    dots.forEach((dot, i) => {
      const current = i === state.index;
      setAttribute(dot, "aria-current", current ? "true" : null);
      const mark = dot.firstElementChild;
      if (mark) setClassName(mark, dotClassName(look.tone, current));
    });
    if (toggle) {
      const icon = ROTATION_ICONS[playing ? "pause" : "play"];
      const svg = toggle.querySelector("svg");
      if (svg) setAttribute(svg, "fill", icon.filled ? "currentColor" : "none");
      const path = svg?.querySelector("path");
      if (path) setAttribute(path, "d", icon.d);
      const text = toggle.querySelector("[data-toggle-text]");
      const words = toggle.dataset[playing ? "pauseText" : "playText"];
      if (text && words !== undefined && text.textContent !== words) text.textContent = words;
    }
    if (live) setAttribute(live, "aria-live", rotating ? "off" : "polite");
    setAttribute(region, "data-rotation", rotating ? "running" : "held");
    schedule(rotating);
  }

  function schedule(rotating: boolean) {
    const wanted = rotating ? state.index : null;
    if (wanted === armedFor) return;
    clearTimeout(timer);
    armedFor = wanted;
    if (wanted === null) return;
    timer = setTimeout(() => dispatch({ type: "advance", count }), look.intervalMs);
  }

  const listeners: [EventTarget, string, (event: Event) => void][] = [
    [reducedMotion, "change", render],
    [
      region,
      "pointerenter",
      (event) => {
        if ((event as PointerEvent).pointerType === "touch") return;
        hovered = true;
        render();
      },
    ],
    [
      region,
      "pointerleave",
      () => {
        hovered = false;
        render();
      },
    ],
    // Keyboard focus only: a mouse click on a dot should not stop the carousel for good.
    [
      region,
      "focusin",
      (event) => {
        if (event.target instanceof Element && matchesFocusVisible(event.target)) {
          focused = true;
          render();
        }
      },
    ],
    [
      region,
      "focusout",
      (event) => {
        const next = (event as FocusEvent).relatedTarget;
        if (next instanceof Node && region.contains(next)) return;
        focused = false;
        render();
      },
    ],
    ...dots.map((dot, index): [EventTarget, string, () => void] => [
      dot,
      "click",
      () => dispatch({ type: "select", index, count }),
    ]),
    ...(toggle
      ? [
          [toggle, "click", () => dispatch({ type: "toggle", reducedMotion: reducedMotion.matches })] as [
            EventTarget,
            string,
            () => void,
          ],
        ]
      : []),
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
  render();

  return () => {
    clearTimeout(timer);
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
  };
}

function matchesFocusVisible(element: Element): boolean {
  try {
    return element.matches(":focus-visible");
  } catch {
    return false; // a browser that does not know the selector
  }
}

/** Writes an attribute only when it changes (`null`: absent), so nothing is touched when nothing changed. */
function setAttribute(element: Element, name: string, value: string | null) {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function setClassName(element: Element, className: string) {
  if (element.getAttribute("class") !== className) element.setAttribute("class", className);
}
