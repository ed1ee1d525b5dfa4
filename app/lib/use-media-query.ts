import { useCallback, useSyncExternalStore } from "react";

/**
 * Whether the browser matches a media query (`(pointer: coarse)`, `(prefers-reduced-motion: reduce)`), following
 * its changes. False on the server and in the first render after it, which must match the server's HTML.
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query: a new function each render would make React subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
