import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { assignNewCustomer } from "~/features/users/assign-new-customer.server";
import { linkInvitedLead } from "~/features/leads/link-lead.server";
import type { SignUpExtras } from "~/lib/auth/auth.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

const NEW_USER_NOTIFICATION_TYPE = "new_user";

/**
 * After a customer signs up: an account made from a lead's invitation is linked to that lead (linkInvitedLead), they
 * are assigned to the member the General setting 'Assign new customers to' names and to the lead's member, then every
 * admin and the staff assigned to them are notified (type new_user), when the settings' Push Notifications and New
 * user registration are on; one transaction, so the assigned members hear of the sign-up too. Passed to the
 * auth layer by the composition root.
 */
export async function notifyAdminsOfSignUp(
  { db, bus, env, now }: Pick<Deps, "db" | "bus" | "env" | "now">,
  userId: string,
  signUp: SignUpExtras = {},
): Promise<void> {
  const changes = await db.transaction(async (tx) => {
    const linked = await linkInvitedLead(tx, { env, now }, userId, signUp.leadToken);
    const assigned = await assignNewCustomer(tx, userId, linked.assignedTo);
    const [profile] = await tx
      .select({ fullName: profiles.fullName, companyName: profiles.companyName })
      .from(profiles)
      .where(eq(profiles.id, userId));
    const data = { customerId: userId, fullName: profile?.fullName ?? "", companyName: profile?.companyName ?? null };
    return [
      ...assigned,
      ...linked.changes,
      ...(await notify(tx, {
        to: { admins: "newUserRegistration", except: userId, about: userId },
        type: NEW_USER_NOTIFICATION_TYPE,
        data,
      })),
    ];
  });
  await publishChanges(bus, changes);
}
