import { useEffect, useReducer, useState, type FocusEvent, type PointerEvent } from "react";
import { useMediaQuery } from "~/lib/use-media-query";
import { useHydrated } from "~/lib/use-hydrated";
import { carouselReducer, initialCarouselState, isRotating, wantsRotation } from "../carousel";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/**
 * An auto-advancing carousel: one timer per slide (choosing a slide restarts the wait), held while the pointer
 * is over the carousel or keyboard focus is inside it, stopped by the visitor's pause control or by a
 * reduced-motion preference (see ../carousel.ts for the rules).
 */
export function useCarousel(count: number, intervalMs: number) {
  const [state, dispatch] = useReducer(carouselReducer, initialCarouselState);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hydrated = useHydrated();
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  const rotating = isRotating(state.choice, { hydrated, reducedMotion, hovered, focused });

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => dispatch({ type: "advance", count }), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, state.index, count, intervalMs]);

  return {
    index: state.index,
    /** What the pause/play control shows: whether the carousel is meant to rotate. */
    playing: wantsRotation(state.choice, reducedMotion),
    rotating,
    hydrated,
    select: (index: number) => dispatch({ type: "select", index, count }),
    toggle: () => dispatch({ type: "toggle", reducedMotion }),
    /** Spread on the carousel's element: hover and keyboard focus hold the rotation. */
    holdProps: {
      onPointerEnter: (event: PointerEvent) => {
        if (event.pointerType !== "touch") setHovered(true);
      },
      onPointerLeave: () => setHovered(false),
      // Keyboard focus only: a mouse click on a dot should not stop the carousel for good.
      onFocus: (event: FocusEvent) => {
        if (event.target instanceof Element && event.target.matches(":focus-visible")) setFocused(true);
      },
      onBlur: (event: FocusEvent) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setFocused(false);
      },
    },
  };
}
