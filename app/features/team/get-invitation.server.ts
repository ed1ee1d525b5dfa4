import { eq } from "drizzle-orm";
import { teamInvitations } from "~db/schema";
import type { Actor, TeamRole } from "~/lib/auth/session";
import { hashInvitationToken, isInvitationToken } from "./invitations.server";
import { invitationState, type InvitationLookup } from "./team-views";
import type { Deps } from "~/lib/services.server";

/**
 * Where an invitation link stands, for anyone who holds it (the invitee has no account yet): who is invited and as
 * what while it works, else only why it does not. The token is the whole proof, so nothing else is asked.
 */
export async function getInvitation(
  deps: Pick<Deps, "db">,
  _actor: Actor | null,
  input: { token: string },
  now = new Date(),
): Promise<InvitationLookup> {
  if (!isInvitationToken(input.token)) return { state: "unknown" };
  const [row] = await deps.db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashInvitationToken(input.token)));
  const state = invitationState(row, now);
  return state === "valid" && row
    ? { state, email: row.email, role: row.role as TeamRole }
    : { state: state === "valid" ? "unknown" : state };
}
