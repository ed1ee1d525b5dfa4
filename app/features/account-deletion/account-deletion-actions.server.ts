import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { redirect } from "react-router";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { ACCOUNT_DELETED_PATH } from "./account-deletion";
import {
  approveDeletionSchema,
  declineDeletionSchema,
  deleteAccountSchema,
  deleteCustomerSchema,
} from "./account-deletion.schemas";
import { approveDeletionRequest } from "./approve-deletion-request.server";
import { declineDeletionRequest } from "./decline-deletion-request.server";
import { deleteCustomer } from "./delete-customer.server";
import { deleteOwnAccount } from "./delete-own-account.server";
import { withdrawDeletionRequest } from "./withdraw-deletion-request.server";

type DeletionServices = Pick<Services, "database" | "bus" | "storage" | "outboxDir">;

const depsOf = (services: DeletionServices) => ({
  db: services.database.db,
  bus: services.bus,
  storage: services.storage,
  outboxDir: services.outboxDir,
});

/**
 * The Profile page's 'Delete my account' (`intent=delete-account`: password, confirmation). Deleted: the browser's
 * session cookie is cleared too and it goes to the page that says the account was deleted. Held back for the agency: a
 * toast says the request waits. A refusal answers its message (a wrong password beside the password field).
 */
export async function deleteAccountAction(
  services: DeletionServices & Pick<Services, "auth">,
  actor: Actor | null,
  { form, request }: { form: FormData; request: Request },
  i18n: I18n,
) {
  const parsed = await parseForm(form, deleteAccountSchema);
  if (!parsed.ok) return formFailure(parsed);
  let outcome;
  try {
    outcome = await deleteOwnAccount({ ...depsOf(services), auth: services.auth }, actor, {
      ...parsed.value,
      headers: request.headers,
    });
  } catch (error) {
    return actionFailure(error, i18n);
  }
  if (outcome.outcome === "requested") {
    return {
      ok: true,
      title: i18n._(msg`Deletion requested`),
      message: i18n._(
        msg`The agency confirms it first, because of your pending payment or job. You will hear from us by e-mail.`,
      ),
    } satisfies ActionResult;
  }
  // The account's sessions went with it; this browser's cookie is cleared as at a sign-out.
  const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return redirect(ACCOUNT_DELETED_PATH, { headers: cookies });
}

/** The Profile page's 'Withdraw request' (`intent=withdraw-deletion`): the caller's request waiting for the agency is taken back. */
export async function withdrawDeletionAction(services: DeletionServices, actor: Actor | null, i18n: I18n) {
  try {
    await withdrawDeletionRequest(depsOf(services), actor);
    return {
      ok: true,
      title: i18n._(msg`Request withdrawn`),
      message: i18n._(msg`Your account stays as it is.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/**
 * 'Approve' of a deletion request (`intent=approve-deletion`: requestId), from the work queue or, with `customerId`,
 * from that customer's page (a request of another customer's is then not found): the customer is erased.
 */
export async function approveDeletionAction(
  services: DeletionServices,
  actor: Actor | null,
  form: FormData,
  i18n: I18n,
  customerId?: string,
) {
  const parsed = await parseForm(form, approveDeletionSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await approveDeletionRequest(depsOf(services), actor, { requestId: parsed.value.requestId, customerId });
    return {
      ok: true,
      title: i18n._(msg`Account deleted`),
      message: i18n._(msg`The customer's data has been erased; their payments stay for the books.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/** 'Decline' of a deletion request (`intent=decline-deletion`: requestId, reason), as 'Approve': the customer is told why. */
export async function declineDeletionAction(
  services: DeletionServices,
  actor: Actor | null,
  form: FormData,
  i18n: I18n,
  customerId?: string,
) {
  const parsed = await parseForm(form, declineDeletionSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await declineDeletionRequest(depsOf(services), actor, { ...parsed.value, customerId });
    return {
      ok: true,
      title: i18n._(msg`Request declined`),
      message: i18n._(msg`The customer has been notified.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/**
 * The customer page's 'Delete customer' (`intent=delete-customer`: reason, confirmation), admins only: a staff member
 * is refused (403) before the form is read. The page then goes to the customer list.
 */
export async function deleteCustomerAction(
  services: DeletionServices,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  try {
    requireAdminActor(actor);
  } catch (error) {
    return actionFailure(error, i18n);
  }
  const parsed = await parseForm(form, deleteCustomerSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await deleteCustomer(depsOf(services), actor, {
      customerId: userId,
      reason: parsed.value.reason,
      confirmation: parsed.value.confirmation,
    });
    return {
      ok: true,
      title: i18n._(msg`Customer deleted`),
      message: i18n._(msg`Their data has been erased; their payments stay for the books.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
