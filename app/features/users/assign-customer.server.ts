import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { customerAssignments, profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { activeMembers, teamStanding } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import { revokeReplyAddresses } from "~/lib/email/reply-address.server";
import { AppError } from "~/lib/http/app-error";
import type { Change } from "~/lib/realtime/realtime";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { assignees, memberNames } from "./assignment-query.server";
import { isCustomer } from "./customer-query.server";
import type { Deps } from "~/lib/services.server";

/** Whose assignment a save made and ended (member ids). */
export interface AssignmentChange {
  added: string[];
  removed: string[];
}

/** An assignment's change, for the customer's page and for each member whose customers it changed (their session and stream). */
export function assignmentChanges(customerId: string, memberIds: readonly string[]): Change[] {
  return [customerId, ...memberIds].map((userId) => ({ table: "customer_assignments", userId }));
}

/**
 * An admin sets who looks after a customer: exactly these active team members, none for nobody (admins only). Every
 * id must be an active member's (else member_not_active, nothing changed); the customer must be one (else
 * customer_not_found). The rows and the audit event (`customer.assign`: the members added and removed, with their
 * names) in one transaction, with the reply addresses of this conversation e-mailed to the staff members removed
 * (an admin's go on: an admin reaches every conversation), and a notification to each member added (but the admin
 * saving) that the customer is now theirs; a save that changes nothing writes nothing. After the commit the change is
 * published for the customer and for each member added or removed, so their session and open pages pick it up.
 */
export async function assignCustomer(
  { db, bus }: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  { customerId, memberIds }: { customerId: string; memberIds: readonly string[] },
): Promise<AssignmentChange> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(customerId).success) throw new AppError("customer_not_found");
  const wanted = [...new Set(memberIds)];
  if (wanted.some((id) => !z.uuid().safeParse(id).success)) throw new AppError("member_not_active");
  const { notified, ...change } = await db.transaction(async (tx) => {
    // The customer's row is locked: two admins saving at once are taken in turn, so each event says what its save changed.
    const [customer] = await tx
      .select({ id: profiles.id, fullName: profiles.fullName, companyName: profiles.companyName })
      .from(profiles)
      .where(and(eq(profiles.id, customerId), isCustomer))
      .for("update");
    if (!customer) throw new AppError("customer_not_found");
    if ((await activeMembers(tx, wanted)).length !== wanted.length) throw new AppError("member_not_active");
    const current = (await assignees(tx, customerId)).map((member) => member.id);
    const added = wanted.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !wanted.includes(id));
    if (added.length === 0 && removed.length === 0) return { added, removed, notified: [] as Change[] };
    if (removed.length > 0) {
      await tx
        .delete(customerAssignments)
        .where(and(eq(customerAssignments.customerId, customerId), inArray(customerAssignments.memberId, removed)));
      for (const memberId of removed) {
        if ((await teamStanding(tx, memberId))?.role === "staff")
          await revokeReplyAddresses(tx, memberId, { customerIds: [customerId] });
      }
    }
    if (added.length > 0) {
      await tx
        .insert(customerAssignments)
        .values(added.map((memberId) => ({ customerId, memberId })))
        .onConflictDoNothing();
    }
    const notified: Change[] = [];
    for (const memberId of added.filter((id) => id !== admin.id)) {
      notified.push(
        ...(await notify(tx, {
          to: { member: memberId },
          type: "customer_assigned",
          data: { customerId, fullName: customer.fullName, companyName: customer.companyName },
        })),
      );
    }
    const [addedNames, removedNames] = [await memberNames(tx, added), await memberNames(tx, removed)];
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "customer.assign",
      customerId,
      detail: { added: addedNames, removed: removedNames },
    });
    return { added, removed, notified };
  });
  if (change.added.length > 0 || change.removed.length > 0) {
    await publishChanges(bus, [...assignmentChanges(customerId, [...change.added, ...change.removed]), ...notified]);
  }
  return change;
}
