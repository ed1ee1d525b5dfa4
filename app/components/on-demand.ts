import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { notify } from "~/components/ui/toast";
import { translate } from "~/lib/i18n/translate";

/**
 * A part of a page whose code is fetched only when it is first wanted: a dialog's form brings the schemas and the
 * form hooks with it, which a page showing only its button does not need. `load` starts the download (call it when
 * the pointer comes over the button or focus reaches it, so the click rarely waits); a failed download (offline) is
 * tried again at the next call.
 */
export function onDemand<T>(load: () => Promise<T>) {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    loaded: () => loaded,
    load: () =>
      (loading ??= load().then(
        (value) => (loaded = value),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
  };
}

/**
 * The part once it is here (undefined before), and `open`: fetches it if needed, then runs `then` with it. A
 * failure to fetch it says so in a toast and leaves the page as it was.
 */
export function useOnDemand<T>(part: ReturnType<typeof onDemand<T>>) {
  const [value, setValue] = useState(part.loaded);
  const preload = () => void part.load().catch(() => undefined);
  const open = (then: () => void) => {
    part.load().then(
      (loaded) => {
        setValue(() => loaded);
        then();
      },
      () => notify.error(translate(msg`This could not be opened. Check your connection and try again.`)),
    );
  };
  return { value, open, preload };
}
