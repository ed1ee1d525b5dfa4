import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { teamInvitations } from "~db/schema";
import { notify } from "~/features/notifications/notify.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import type { Deps } from "~/lib/services.server";

/** The admins' alert: somebody tried to take an address invited to the team. */
const INVITED_ADDRESS_CLAIMED_TYPE = "invited_address_claimed";

/**
 * Whether an address is held by an open invitation (not accepted, revoked or expired), for a sign-up that asks for
 * it. Sign-up proves nothing about an address, while the invitation's link, sent to it, is the proof that whoever
 * opens it reads that mailbox: so while the invitation is open, only its link takes the address, and a sign-up with
 * it is refused as for an address that has an account (anyone who knew of the invitation could otherwise register
 * the address first and block it). The first such attempt per invitation is recorded and every admin is told, in
 * the app and by e-mail whatever the switches (a security alert): somebody may be trying to take the team's address.
 */
export async function claimsInvitedAddress(
  deps: Pick<Deps, "db" | "bus">,
  email: string,
  now: Date = new Date(),
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const result = await deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        addressClaimedAt: teamInvitations.addressClaimedAt,
      })
      .from(teamInvitations)
      .where(
        and(
          eq(sql`lower(${teamInvitations.email})`, address),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
          gt(teamInvitations.expiresAt, now),
        ),
      )
      .for("update");
    if (!invitation) return { held: false, changes: [] };
    if (invitation.addressClaimedAt) return { held: true, changes: [] };
    await tx.update(teamInvitations).set({ addressClaimedAt: now }).where(eq(teamInvitations.id, invitation.id));
    const changes = await notify(tx, {
      to: { admins: "security" },
      type: INVITED_ADDRESS_CLAIMED_TYPE,
      data: { email: invitation.email },
    });
    return { held: true, changes };
  });
  await publishChanges(deps.bus, result.changes);
  return result.held;
}
