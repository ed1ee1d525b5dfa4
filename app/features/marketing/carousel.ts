/**
 * The rules of the landing page's auto-advancing carousels (hero and testimonials), kept apart from React so
 * they can be tested on their own. Accessibility rules from the WAI-ARIA carousel pattern: rotation can be
 * stopped with a visible control, stops while the pointer is over the carousel or keyboard focus is in it,
 * and does not start by itself when the visitor asks for reduced motion.
 */

/** 'auto' until the visitor uses the pause/play control; then their choice holds. */
export type RotationChoice = "auto" | "paused" | "playing";

export interface CarouselState {
  index: number;
  choice: RotationChoice;
}

export type CarouselAction =
  | { type: "advance"; count: number }
  | { type: "select"; index: number; count: number }
  | { type: "toggle"; reducedMotion: boolean };

export const initialCarouselState: CarouselState = { index: 0, choice: "auto" };

/** The slide after `index`, wrapping from the last to the first. */
export function nextIndex(index: number, count: number): number {
  return count > 0 ? (index + 1) % count : 0;
}

/** Whether the carousel rotates when nothing holds it: the visitor's choice, else on unless motion is reduced. */
export function wantsRotation(choice: RotationChoice, reducedMotion: boolean): boolean {
  return choice === "playing" || (choice === "auto" && !reducedMotion);
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case "advance":
      return { ...state, index: nextIndex(state.index, action.count) };
    case "select":
      return action.index >= 0 && action.index < action.count ? { ...state, index: action.index } : state;
    case "toggle":
      return { ...state, choice: wantsRotation(state.choice, action.reducedMotion) ? "paused" : "playing" };
  }
}

export interface RotationHolds {
  /** Until the page is hydrated there is no timer to run. */
  hydrated: boolean;
  reducedMotion: boolean;
  hovered: boolean;
  focused: boolean;
}

/** Whether the timer runs right now. */
export function isRotating(choice: RotationChoice, holds: RotationHolds): boolean {
  return holds.hydrated && !holds.hovered && !holds.focused && wantsRotation(choice, holds.reducedMotion);
}
