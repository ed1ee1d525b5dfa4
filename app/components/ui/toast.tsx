import { lazy, Suspense, useSyncExternalStore } from "react";
import { useMatches } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

// sonner (about 10 kB of gzipped JavaScript) is a chunk of its own, fetched once the page has hydrated, or,
// on pages whose route sets `handle.deferToaster` (the landing page, which has a JavaScript budget and no
// toasts), only when a toast is first shown. Toasts created before the Toaster mounts are not lost: sonner
// replays the active ones when the Toaster subscribes.
const loadSonner = () => import("sonner");
const Sonner = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

let toastRequested = false;
const listeners = new Set<() => void>();

function requestToaster() {
  if (toastRequested) return;
  toastRequested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The app notifier: one toast visible at a time (the newest), each for 4 seconds. */
export function Toaster() {
  const hydrated = useHydrated();
  const requested = useSyncExternalStore(
    subscribe,
    () => toastRequested,
    () => false,
  );
  const deferred = useMatches().some((match) => (match.handle as { deferToaster?: boolean } | undefined)?.deferToaster);
  if (!hydrated || (deferred && !requested)) return null;
  return (
    <Suspense fallback={null}>
      <Sonner visibleToasts={1} position="top-center" richColors closeButton duration={4000} />
    </Suspense>
  );
}

function show(kind: "error" | "success" | "info", title: string, description?: string) {
  requestToaster();
  void loadSonner().then(({ toast }) => toast[kind](title, { description }));
}

export const notify = {
  error(description: string, title = "Error") {
    show("error", title, description);
  },
  success(title: string, description?: string) {
    show("success", title, description);
  },
  info(title: string, description?: string) {
    show("info", title, description);
  },
};
