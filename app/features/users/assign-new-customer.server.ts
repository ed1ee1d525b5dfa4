import { and, eq } from "drizzle-orm";
import { customerAssignments, profiles } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { activeMembers } from "~/lib/auth/roles.server";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import type { Executor } from "~/lib/db/db.server";
import type { Change } from "~/lib/realtime/realtime";
import { assignmentChanges } from "./assign-customer.server";
import { memberNames } from "./assignment-query.server";
import { isCustomer } from "./customer-query.server";

/**
 * The system's own act after a sign-up: the new customer is assigned to the member the General setting 'Assign new
 * customers to' names, and to `alsoTo` (the member the lead they came from is assigned to), in the caller's
 * transaction, so the sign-up's notification written after it reaches those members too. Nobody when the setting is
 * empty, when it names a member deactivated since it was saved, or when the account is not a customer's. Audited as
 * `customer.assign` with no actor; returns the changes to publish after commit.
 */
export async function assignNewCustomer(
  executor: Executor,
  customerId: string,
  alsoTo: string | null = null,
): Promise<Change[]> {
  const setting = (await readSettings(executor, SEEDLESS_SETTINGS)).general.assignNewCustomersTo;
  const named = [...new Set([setting, alsoTo].filter((id): id is string => Boolean(id)))];
  const memberIds = named.length > 0 ? await activeMembers(executor, named) : [];
  if (memberIds.length === 0) return [];
  const [customer] = await executor
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, customerId), isCustomer));
  if (!customer) return [];
  const inserted = await executor
    .insert(customerAssignments)
    .values(memberIds.map((memberId) => ({ customerId, memberId })))
    .onConflictDoNothing()
    .returning({ memberId: customerAssignments.memberId });
  if (inserted.length === 0) return [];
  const added = inserted.map((row) => row.memberId);
  await recordAuditEvent(executor, {
    actorId: null,
    action: "customer.assign",
    customerId,
    detail: { added: await memberNames(executor, added), removed: [], automatic: true },
  });
  return assignmentChanges(customerId, added);
}
