import type { I18n } from "@lingui/core";
import type { Actor } from "~/lib/auth/session";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { recordReviewResponse } from "./record-review-response.server";
import { reviewResponseFormSchema } from "./reviews.schemas";

/** The review card's answer (`intent=review-response`): the link was opened, or the card dismissed. No toast. */
export async function recordReviewResponseAction(
  services: Pick<Services, "database" | "bus">,
  actor: Actor | null,
  form: FormData,
  i18n: I18n,
) {
  const parsed = await parseForm(form, reviewResponseFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await recordReviewResponse({ db: services.database.db, bus: services.bus }, actor, parsed.value);
    return { ok: true as const };
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
