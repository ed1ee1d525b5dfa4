import { msg } from "@lingui/core/macro";
import { z } from "zod";
import { zodMessage } from "~/lib/i18n/translate";

export const ASSIGN_CUSTOMER_INTENT = "assign-customer";

/** Far above any team's size: a longer list is a forged post, not a choice. */
const ASSIGNEES_MAX = 200;

// The refusal member_not_active says the same for an id that is no active member's.
const ACTIVE_MEMBERS_ONLY = zodMessage(msg`Choose active team members only`);

/** The 'Assigned to' dialog's save: one checkbox per active team member, `memberIds` each checked one (none: nobody). */
export const assignCustomerFormSchema = z.object({
  intent: z.literal(ASSIGN_CUSTOMER_INTENT),
  memberIds: z
    .array(z.uuid(ACTIVE_MEMBERS_ONLY), ACTIVE_MEMBERS_ONLY)
    .max(ASSIGNEES_MAX, ACTIVE_MEMBERS_ONLY)
    .optional()
    .default([]),
});
