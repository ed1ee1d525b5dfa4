import { msg } from "@lingui/core/macro";
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation, useMatches } from "react-router";
import { translate } from "~/lib/i18n/translate";
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

/**
 * The toast on screen, if any, and the page it was raised on. There is one at a time: a new toast replaces it
 * (an old error must not sit beside a later success), and an error belongs to its page: it does not follow
 * the person to the next one. A success raised before a navigation ('Account created successfully') does.
 */
let current: { id: number; kind: ToastKind; path: string } | null = null;
let nextId = 1;

function currentPath(): string {
  return typeof window === "undefined" ? "" : window.location.pathname;
}

/** Closes the error toast raised on another page than `path`. */
function dismissErrorsFrom(otherThan: string) {
  const shown = current;
  if (!shown || shown.kind !== "error" || shown.path === otherThan) return;
  current = null;
  void loadSonner().then(({ toast }) => toast.dismiss(shown.id));
}

/** The app notifier: one toast visible at a time (the newest), each for 4 seconds. */
export function Toaster() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  useEffect(() => dismissErrorsFrom(pathname), [pathname]);
  const requested = useSyncExternalStore(
    subscribe,
    () => toastRequested,
    () => false,
  );
  const deferred = useMatches().some((match) => (match.handle as { deferToaster?: boolean } | undefined)?.deferToaster);
  if (!hydrated || (deferred && !requested)) return null;
  // This sits outside the page's language provider: `translate` reads the page's language, set by then.
  const label = translate(msg`Notifications`);
  return (
    <Suspense fallback={null}>
      {/* On a phone, below the header (4 rem high), whose menu and bell a toast at the very top covered. */}
      <Sonner
        visibleToasts={1}
        position="top-center"
        mobileOffset={{ top: "4.5rem" }}
        richColors
        closeButton
        duration={4000}
        containerAriaLabel={label}
      />
    </Suspense>
  );
}

type ToastKind = "error" | "success" | "info";

function show(kind: ToastKind, title: string, description?: string) {
  requestToaster();
  const id = nextId++;
  current = { id, kind, path: currentPath() };
  void loadSonner().then(({ toast }) => {
    // Whatever was on screen goes: the newest toast is the one that counts.
    toast.dismiss();
    toast[kind](title, {
      id,
      description,
      onDismiss: () => forget(id),
      onAutoClose: () => forget(id),
    });
  });
}

function forget(id: number) {
  if (current?.id === id) current = null;
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
