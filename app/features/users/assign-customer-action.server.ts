import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { assignCustomer } from "./assign-customer.server";
import { assignCustomerFormSchema } from "./assignment.schemas";

/** The customer page's 'Assigned to' save (`intent=assign-customer`: memberIds, each checked member). */
export async function assignCustomerAction(
  services: Pick<Services, "database" | "bus">,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, assignCustomerFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await assignCustomer({ db: services.database.db, bus: services.bus }, actor, {
      customerId: userId,
      memberIds: parsed.value.memberIds,
    });
    return { ok: true, title: i18n._(msg`Assignment saved`) } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
