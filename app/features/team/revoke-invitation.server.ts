import { eq } from "drizzle-orm";
import { z } from "zod";
import { teamInvitations } from "~db/schema";
import { requireAdminActor } from "~/lib/auth/actor-guards";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { lockOpenInvitation } from "./invitations.server";
import { INVITATIONS_TABLE } from "./team-deps.server";
import type { Deps } from "~/lib/services.server";

/** Withdraws an open invitation (admins only): its link stops working. Audited (`team.revoke-invite`). */
export async function revokeInvitation(
  deps: Pick<Deps, "db" | "bus">,
  actor: Actor | null,
  input: { invitationId: string },
): Promise<void> {
  const admin = requireAdminActor(actor);
  if (!z.uuid().safeParse(input.invitationId).success) throw new AppError("invitation_not_found");
  await deps.db.transaction(async (tx) => {
    const invitation = await lockOpenInvitation(tx, input.invitationId);
    if (!invitation) throw new AppError("invitation_not_found");
    await tx.update(teamInvitations).set({ revokedAt: new Date() }).where(eq(teamInvitations.id, invitation.id));
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.revoke-invite",
      detail: { invitationId: invitation.id, email: invitation.email, role: invitation.role },
    });
  });
  await publishChanges(deps.bus, [{ table: INVITATIONS_TABLE, userId: admin.id }]);
}
