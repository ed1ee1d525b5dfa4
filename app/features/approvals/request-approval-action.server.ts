import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { requestApprovalFormSchema } from "./approvals.schemas";
import { requestApproval } from "./request-approval.server";

/**
 * The admin user page's 'Request approval' dialog (`intent=request-approval`: service, purpose, title, message, link, files):
 * a toast says the round went to the customer; a refusal (a field, a file's bytes, no such customer) answers its
 * message and status, which the dialog shows.
 */
export async function requestApprovalAction(
  services: Pick<Services, "database" | "bus" | "storage">,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, requestApprovalFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  const { service, purpose, title, message, link } = parsed.value;
  try {
    await requestApproval({ db: services.database.db, bus: services.bus, storage: services.storage }, actor, {
      userId,
      service,
      purpose,
      title,
      message,
      link: link ?? undefined,
      files: form.getAll("files"),
    });
    return { ok: true, title: i18n._(msg`Sent to the customer for approval`) } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
