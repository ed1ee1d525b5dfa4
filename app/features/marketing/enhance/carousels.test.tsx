// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Hero } from "../components/hero";
import { Testimonials } from "../components/testimonials";
import { enhanceCarousel } from "./carousels";
import { canonical, inRouter, landingContent, serverRendered } from "./landing-test-support";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The visitor's reduced-motion preference, which a test can change while the page is open. */
let reducedMotion = false;
const motionListeners = new Set<() => void>();
function setReducedMotion(value: boolean) {
  reducedMotion = value;
  for (const listener of motionListeners) listener();
}

let reactRoot: Root | null = null;
let stop: (() => void) | null = null;

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion = false;
  motionListeners.clear();
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query === "(prefers-reduced-motion: reduce)" && reducedMotion;
        },
        addEventListener: (_type: string, listener: () => void) => motionListeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => motionListeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  stop?.();
  stop = null;
  if (reactRoot) act(() => reactRoot!.unmount());
  reactRoot = null;
  document.body.innerHTML = "";
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const hero = () => <Hero content={landingContent.hero} controls={landingContent.carouselControls} />;
const testimonials = () => (
  <Testimonials content={landingContent.testimonials} controls={landingContent.carouselControls} />
);
const region = (container: HTMLElement) => container.querySelector<HTMLElement>("[data-carousel]")!;

/** The pre-rendered carousel, run by the page's script. */
function enhanced(element: React.ReactNode): HTMLElement {
  const container = serverRendered(element);
  stop = enhanceCarousel(region(container));
  return container;
}

/** The same carousel run by React in the browser (a client-side navigation to the page). */
function reactRendered(element: React.ReactNode): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  reactRoot = createRoot(container);
  act(() => reactRoot!.render(inRouter(element)));
  return container;
}

const slideLabel = (container: HTMLElement) =>
  region(container).querySelector('[aria-roledescription="slide"][aria-current="true"]')?.getAttribute("aria-label");
const button = (container: HTMLElement, name: string) =>
  [...region(container).querySelectorAll<HTMLButtonElement>("button")].find(
    (candidate) => candidate.getAttribute("aria-label") === name || candidate.textContent?.trim().startsWith(name),
  )!;

/** Does the same to both and expects the same page: every attribute, class and text of the carousel. */
function bothDo(pages: HTMLElement[], step: (page: HTMLElement) => void) {
  act(() => pages.forEach(step));
  expectSamePages(pages);
}

/** Lets time pass for both (one clock) and expects the same page. */
function bothWait(pages: HTMLElement[], ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  expectSamePages(pages);
}

function expectSamePages(pages: HTMLElement[]) {
  const [script, react] = pages.map((page) => canonical(region(page)));
  expect(script).toBe(react);
}

describe("the pre-rendered carousels, run by the page's script", () => {
  it("draw every state of the hero as the React carousel does: timer, dots, pause and play", () => {
    const pages = [enhanced(hero()), reactRendered(hero())];
    expectSamePages(pages);
    expect(region(pages[0]!).dataset.rotation).toBe("running");
    expect(slideLabel(pages[0]!)).toBe("Slide 1 of 4");

    bothWait(pages, 4999);
    expect(slideLabel(pages[0]!)).toBe("Slide 1 of 4");
    bothWait(pages, 1);
    expect(slideLabel(pages[0]!)).toBe("Slide 2 of 4");

    bothDo(pages, (page) => button(page, "Show slide 4 of 4: Roofing").click());
    expect(slideLabel(pages[0]!)).toBe("Slide 4 of 4");
    // A chosen slide gets a whole wait of its own.
    bothWait(pages, 4999);
    expect(slideLabel(pages[0]!)).toBe("Slide 4 of 4");
    bothWait(pages, 1);
    expect(slideLabel(pages[0]!)).toBe("Slide 1 of 4");

    bothDo(pages, (page) => button(page, "Pause").click());
    expect(region(pages[0]!).dataset.rotation).toBe("held");
    expect(button(pages[0]!, "Play").textContent).toBe("Play hero slideshow");
    expect(region(pages[0]!).querySelector("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
    bothWait(pages, 20_000);
    expect(slideLabel(pages[0]!)).toBe("Slide 1 of 4");

    bothDo(pages, (page) => button(page, "Play").click());
    expect(button(pages[0]!, "Pause").textContent).toBe("Pause hero slideshow");
    bothWait(pages, 5000);
    expect(slideLabel(pages[0]!)).toBe("Slide 2 of 4");
  });

  it("draw the testimonials as React does, every 6000 ms, wrapping from the last to the first", () => {
    const pages = [enhanced(testimonials()), reactRendered(testimonials())];
    expectSamePages(pages);
    for (const expected of [2, 3, 4, 5, 1]) {
      bothWait(pages, 6000);
      expect(slideLabel(pages[0]!)).toBe(`Slide ${expected} of 5`);
    }
    bothDo(pages, (page) => button(page, "Show testimonial 3 of 5: Tasha Williams").click());
    expect(slideLabel(pages[0]!)).toBe("Slide 3 of 5");
    const slides = [...region(pages[0]!).querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides.map((slide) => slide.hasAttribute("inert"))).toEqual([true, true, false, true, true]);
    expect(slides.map((slide) => slide.getAttribute("aria-hidden"))).toEqual(["true", "true", "false", "true", "true"]);
  });

  it("do not start under reduced motion, say Play, and follow the preference when it changes", () => {
    reducedMotion = true;
    const pages = [enhanced(hero()), reactRendered(hero())];
    expectSamePages(pages);
    expect(region(pages[0]!).dataset.rotation).toBe("held");
    expect(button(pages[0]!, "Play").textContent).toBe("Play hero slideshow");
    bothWait(pages, 30_000);
    expect(slideLabel(pages[0]!)).toBe("Slide 1 of 4");

    act(() => setReducedMotion(false));
    expectSamePages(pages);
    expect(region(pages[0]!).dataset.rotation).toBe("running");
    bothWait(pages, 5000);
    expect(slideLabel(pages[0]!)).toBe("Slide 2 of 4");

    // The visitor's Play wins over the preference.
    act(() => setReducedMotion(true));
    expectSamePages(pages);
    bothDo(pages, (page) => button(page, "Play").click());
    bothWait(pages, 5000);
    expect(slideLabel(pages[0]!)).toBe("Slide 3 of 4");
  });

  it("hold while the pointer is over the carousel (not for a touch) and then wait a whole interval", () => {
    const page = enhanced(hero());
    const carousel = region(page);
    vi.advanceTimersByTime(3000);
    carousel.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    expect(carousel.dataset.rotation).toBe("held");
    expect(carousel.querySelector("[aria-live]")?.getAttribute("aria-live")).toBe("polite");
    vi.advanceTimersByTime(15_000);
    expect(slideLabel(page)).toBe("Slide 1 of 4");
    carousel.dispatchEvent(new PointerEvent("pointerleave", { pointerType: "mouse" }));
    expect(carousel.dataset.rotation).toBe("running");
    vi.advanceTimersByTime(4999);
    expect(slideLabel(page)).toBe("Slide 1 of 4");
    vi.advanceTimersByTime(1);
    expect(slideLabel(page)).toBe("Slide 2 of 4");

    carousel.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "touch" }));
    expect(carousel.dataset.rotation).toBe("running");
  });

  it("hold while keyboard focus is inside, not for a mouse click's focus, and run again once it leaves", () => {
    const page = enhanced(hero());
    const carousel = region(page);
    const pause = button(page, "Pause");
    const dot = button(page, "Show slide 2 of 4: Painting");
    let keyboard = true;
    vi.spyOn(Element.prototype, "matches").mockImplementation(function (this: Element, selector: string) {
      return selector === ":focus-visible" ? keyboard && this === document.activeElement : false;
    });

    pause.focus();
    expect(carousel.dataset.rotation).toBe("held");
    dot.focus(); // moving inside keeps it held
    expect(carousel.dataset.rotation).toBe("held");
    vi.advanceTimersByTime(15_000);
    expect(slideLabel(page)).toBe("Slide 1 of 4");
    dot.blur();
    expect(carousel.dataset.rotation).toBe("running");

    keyboard = false;
    pause.focus();
    expect(carousel.dataset.rotation).toBe("running");
  });

  it("stop for good when undone", () => {
    const page = enhanced(hero());
    stop!();
    vi.advanceTimersByTime(20_000);
    expect(slideLabel(page)).toBe("Slide 1 of 4");
  });
});
