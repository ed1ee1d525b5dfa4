/**
 * Joins class names. The landing page uses this rather than `cn` (~/lib/utils): tailwind-merge is 8 kB of
 * gzipped JavaScript, and the landing page has a JavaScript budget and no conflicting classes to merge.
 */
export function cx(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * For the sections below the hero: the browser skips their style, layout and paint until they come near the
 * viewport, so the first paint of this long page costs less. The intrinsic size keeps the scroll bar steady.
 */
export const BELOW_THE_FOLD = "[content-visibility:auto] [contain-intrinsic-size:auto_1000px]";
