import { describe, expect, it } from "vitest";
import { carouselReducer, initialCarouselState, isRotating, nextIndex, wantsRotation } from "./carousel";

const free = { hydrated: true, reducedMotion: false, hovered: false, focused: false };

describe("carousel rules", () => {
  it("advances one slide at a time and wraps from the last to the first", () => {
    expect(nextIndex(0, 5)).toBe(1);
    expect(nextIndex(3, 5)).toBe(4);
    expect(nextIndex(4, 5)).toBe(0);
    let state = initialCarouselState;
    for (let step = 0; step < 4; step++) state = carouselReducer(state, { type: "advance", count: 4 });
    expect(state.index).toBe(0);
  });

  it("jumps straight to a chosen slide and ignores slides that do not exist", () => {
    const chosen = carouselReducer(initialCarouselState, { type: "select", index: 3, count: 4 });
    expect(chosen.index).toBe(3);
    expect(carouselReducer(chosen, { type: "select", index: 4, count: 4 })).toBe(chosen);
    expect(carouselReducer(chosen, { type: "select", index: -1, count: 4 })).toBe(chosen);
  });

  it("rotates by default, but not by itself when reduced motion is asked for", () => {
    expect(wantsRotation("auto", false)).toBe(true);
    expect(wantsRotation("auto", true)).toBe(false);
    expect(isRotating("auto", free)).toBe(true);
    expect(isRotating("auto", { ...free, reducedMotion: true })).toBe(false);
  });

  it("pause and play toggle the visitor's choice, which then wins over the default", () => {
    const paused = carouselReducer(initialCarouselState, { type: "toggle", reducedMotion: false });
    expect(paused.choice).toBe("paused");
    expect(isRotating(paused.choice, free)).toBe(false);
    const playing = carouselReducer(paused, { type: "toggle", reducedMotion: false });
    expect(playing.choice).toBe("playing");
    // Under reduced motion the carousel starts stopped; pressing play is an explicit request to rotate.
    const started = carouselReducer(initialCarouselState, { type: "toggle", reducedMotion: true });
    expect(started.choice).toBe("playing");
    expect(isRotating(started.choice, { ...free, reducedMotion: true })).toBe(true);
  });

  it("holds while hovered, while focused and before hydration", () => {
    expect(isRotating("playing", { ...free, hovered: true })).toBe(false);
    expect(isRotating("playing", { ...free, focused: true })).toBe(false);
    expect(isRotating("playing", { ...free, hydrated: false })).toBe(false);
  });
});
