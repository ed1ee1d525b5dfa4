import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { decideRoundFormSchema } from "./approvals.schemas";
import { decideRound } from "./decide-round.server";

/** The customer's answer to a round (`intent=decide-round`), from the service page: a toast says what was sent. */
export async function decideRoundAction(
  services: Pick<Services, "database" | "bus">,
  actor: Actor | null,
  form: FormData,
  i18n: I18n,
) {
  const parsed = await parseForm(form, decideRoundFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const { decision } = await decideRound({ db: services.database.db, bus: services.bus }, actor, parsed.value);
    return {
      ok: true,
      message:
        decision === "approved"
          ? i18n._(msg`Thank you! You approved it.`)
          : i18n._(msg`Thank you! We will make the changes.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
