import { msg } from "@lingui/core/macro";
import { form } from "~/lib/http/actions.server";
import { approveDeletionSchema, declineDeletionSchema } from "./account-deletion.schemas";
import { approveDeletionRequest } from "./approve-deletion-request.server";
import { declineDeletionRequest } from "./decline-deletion-request.server";

/**
 * 'Approve' of a deletion request (`intent=approve-deletion`: requestId), from the work queue or, with `customerId`,
 * from that customer's page (a request of another customer's is then not found): the customer is erased.
 */
export const approveDeletionForm = (customerId?: string) =>
  form({
    schema: approveDeletionSchema,
    run: ({ services, user }, { requestId }) => approveDeletionRequest(services, user, { requestId, customerId }),
    success: ({ i18n }) => ({
      ok: true as const,
      title: i18n._(msg`Account deleted`),
      message: i18n._(msg`The customer's data has been erased; their payments stay for the books.`),
    }),
  });

/** 'Decline' of a deletion request (`intent=decline-deletion`: requestId, reason), as 'Approve': the customer is told why. */
export const declineDeletionForm = (customerId?: string) =>
  form({
    schema: declineDeletionSchema,
    run: ({ services, user }, value) => declineDeletionRequest(services, user, { ...value, customerId }),
    success: ({ i18n }) => ({
      ok: true as const,
      title: i18n._(msg`Request declined`),
      message: i18n._(msg`The customer has been notified.`),
    }),
  });
