import { eq } from "drizzle-orm";
import { account, profiles, teamInvitations, user, userRoles } from "~db/schema";
import { PASSWORD_TOO_COMMON_CODE } from "~/features/auth/auth.schemas";
import { newPasswordProblem } from "~/features/auth/new-password.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Auth } from "~/lib/auth/auth.server";
import type { Actor, TeamRole } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import type { Locale } from "~/lib/i18n/locales";
import { logger } from "~/lib/logger.server";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { claimsInvitedAddress } from "./claim-invited-address.server";
import { getInvitation } from "./get-invitation.server";
import { hasAccount, hashInvitationToken } from "./invitations.server";
import { INVITATIONS_TABLE, ROLES_TABLE } from "./team-deps.server";
import { invitationState } from "./team-views";
import { acceptInvitationSchema } from "./team.schemas";
import type { Deps } from "~/lib/services.server";

export interface AcceptInvitationInput {
  token: string;
  name: string;
  password: string;
  confirmPassword: string;
  /** The language the invitee read the page in: their account's, for what is sent to them later. */
  language: Locale;
  /** The request's headers: the sign-in that follows records the client's address from them. */
  headers: Headers;
}

/**
 * Accepts an invitation (anyone holding its link): makes the account with the invitation's address and role and
 * signs it in. The account, its password, profile and role, the invitation's use and the audit event `team.join`
 * are written in one transaction, the invitation locked and checked again inside it, so a link is used once: a
 * second accept, even at the same moment, is refused, and no account is left half made. The password follows the
 * sign-up rules. Returns the sign-in's headers (its session cookie), or null when the sign-in itself failed (the
 * account is made; the member signs in at the login page).
 */
export async function acceptInvitation(
  deps: Pick<Deps, "db" | "bus"> & { auth: Auth },
  _actor: Actor | null,
  input: AcceptInvitationInput,
): Promise<{ headers: Headers | null }> {
  const parsed = acceptInvitationSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_input", { detail: parsed.error.issues[0]?.message });
  const { name, password } = parsed.data;
  // A link that does not work is refused before the password is hashed: nobody makes the server hash for nothing.
  const lookup = await getInvitation(deps, null, { token: input.token });
  if (lookup.state !== "valid") throw new AppError("invitation_invalid");
  const problem = await newPasswordProblem(password);
  if (problem?.code === PASSWORD_TOO_COMMON_CODE) throw new AppError("password_too_common");
  if (problem) throw new AppError("invalid_input", { detail: problem.message });
  // Better Auth's own hashing, so its sign-in verifies the password; done before the transaction holds any lock.
  const hash = await (await deps.auth.$context).password.hash(password);

  const joined = await deps.db
    .transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(teamInvitations)
        .where(eq(teamInvitations.tokenHash, hashInvitationToken(input.token)))
        .for("update");
      const now = new Date();
      if (!invitation || invitationState(invitation, now) !== "valid") throw new AppError("invitation_invalid");
      if (await hasAccount(tx, invitation.email)) throw new AppError("email_taken");
      const role = invitation.role as TeamRole;
      // The rows Better Auth's sign-up and its user hook would make (auth.server.ts), written here so they commit with
      // the invitation's use or not at all.
      const [created] = await tx
        .insert(user)
        .values({
          name,
          email: invitation.email,
          emailVerified: true,
          language: input.language,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: user.id });
      const userId = created!.id;
      await tx.insert(account).values({
        userId,
        providerId: "credential",
        accountId: userId,
        password: hash,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(profiles).values({ id: userId, fullName: name, email: invitation.email });
      await tx.insert(userRoles).values({ userId, role });
      await tx.update(teamInvitations).set({ acceptedAt: now }).where(eq(teamInvitations.id, invitation.id));
      await recordAuditEvent(tx, {
        actorId: userId,
        action: "team.join",
        detail: { invitationId: invitation.id, email: invitation.email, role, invitedBy: invitation.invitedBy },
      });
      return { userId, email: invitation.email };
    })
    .catch(async (error: unknown) => {
      // An account has the address after all (made before the invitation, by the start-up admin settings): the admins
      // hear of it, as of a sign-up that tried to take it, and the invitation stays open for them to sort out.
      if (error instanceof AppError && error.code === "email_taken") await claimsInvitedAddress(deps, lookup.email);
      throw error;
    });
  await publishChanges(deps.bus, [
    { table: ROLES_TABLE, userId: joined.userId },
    { table: INVITATIONS_TABLE, userId: joined.userId },
  ]);

  try {
    const { headers } = await deps.auth.api.signInEmail({
      body: { email: joined.email, password },
      headers: input.headers,
      returnHeaders: true,
    });
    return { headers };
  } catch (error) {
    logger.warn({ err: error, userId: joined.userId }, "Sign-in after accepting an invitation failed");
    return { headers: null };
  }
}
