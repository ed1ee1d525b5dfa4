import { msg } from "@lingui/core/macro";
import { useEffect, useEffectEvent } from "react";
import { notify } from "~/components/ui/toast";
import { firstError, isActionResult, isFormReply, type ActionSuccess } from "~/lib/http/forms";
import { translate } from "~/lib/i18n/translate";

interface ToastText {
  title: string;
  description?: string;
}

export interface ActionToastOptions<Result> {
  /** The success toast when the answer carries no text of its own. */
  success?: ToastText;
  /** What the page does after a success (close a dialog, reset a field...). */
  onSuccess?: (result: Result) => void;
  /** What the page does after any refusal. */
  onFailure?: () => void;
}

/**
 * The one hook that turns an action's answer into a toast, once per answer: `{ ok: true }` shows the
 * answer's title and message (or `options.success`), `{ ok: false, error }` a destructive 'Error'
 * toast with the message (every refusal's toast), and a Conform reply with errors its first one as a 'Validation Error'.
 * Pass `fetcher.data` or `useActionData()`: a new answer is a new object, an unchanged one shows nothing.
 */
export function useActionToast<Result>(result: Result | undefined, options: ActionToastOptions<Result> = {}): void {
  const show = useEffectEvent((answer: Result) => {
    if (isActionResult(answer)) {
      if (answer.ok) {
        const text = successText(answer) ?? options.success;
        if (text) notify.success(text.title, text.description);
        options.onSuccess?.(answer);
      } else {
        notify.error(answer.error);
        options.onFailure?.();
      }
      return;
    }
    if (isFormReply(answer)) {
      const message = firstError(answer.error);
      if (answer.status === "error" || message) {
        // A form's refusal is titled 'Validation Error' (as in useValidatedForm), in the page's language.
        notify.error(message ?? translate(msg`Invalid input`), translate(msg`Validation Error`));
        options.onFailure?.();
      } else {
        options.onSuccess?.(answer);
      }
    }
  });
  useEffect(() => {
    if (result !== undefined && result !== null) show(result);
  }, [result]);
}

function successText(result: ActionSuccess): ToastText | undefined {
  if (result.title) return { title: result.title, description: result.message };
  if (result.message) return { title: result.message };
  return undefined;
}
