import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { approveDeletionSchema, declineDeletionSchema, deleteCustomerSchema } from "./account-deletion.schemas";
import { approveDeletionRequest } from "./approve-deletion-request.server";
import { declineDeletionRequest } from "./decline-deletion-request.server";
import { deleteCustomer } from "./delete-customer.server";

type DeletionServices = Pick<Services, "database" | "bus" | "storage" | "outboxDir">;

const depsOf = (services: DeletionServices) => ({
  db: services.database.db,
  bus: services.bus,
  storage: services.storage,
  outboxDir: services.outboxDir,
});

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
