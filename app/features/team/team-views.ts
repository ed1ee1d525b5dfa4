import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TeamRole } from "~/lib/auth/session";

/** How long an invitation link works, from when it was sent (or last resent). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** When an invitation sent at `now` stops working. */
export function invitationExpiry(now: Date): Date {
  return new Date(now.getTime() + INVITATION_LIFETIME_MS);
}

/** The roles as the Team tab and the invitation name them. */
export const TEAM_ROLE_NAMES: Record<TeamRole, MessageDescriptor> = {
  admin: msg`Admin`,
  staff: msg`Staff`,
};

/** A team member as the Team tab lists them. */
export interface MemberView {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  twoFactorEnabled: boolean;
  /** ISO time of the latest sign-in, or null when they never signed in. */
  lastSignInAt: string | null;
  active: boolean;
}

/** An invitation not yet accepted or revoked, expired ones included (the admin resends or revokes them). */
export interface InvitationView {
  id: string;
  email: string;
  role: TeamRole;
  /** ISO time it was sent (or last resent). */
  sentAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface TeamView {
  members: MemberView[];
  invitations: InvitationView[];
}

/** Where an invitation link stands: only a valid one can be accepted. */
export type InvitationState = "valid" | "expired" | "used" | "revoked" | "unknown";

/** What the invitation page shows: who is invited, and as what, only while the link works. */
export type InvitationLookup =
  | { state: "valid"; email: string; role: TeamRole }
  | { state: Exclude<InvitationState, "valid"> };

/** An invitation row's state at `now`: used and revoked win over expired (they say more). */
export function invitationState(
  invitation: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date } | null | undefined,
  now: Date,
): InvitationState {
  if (!invitation) return "unknown";
  if (invitation.acceptedAt) return "used";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt.getTime() <= now.getTime() ? "expired" : "valid";
}

/**
 * Whether a change leaves the team without an active admin: demoting or deactivating the only active admin. The
 * agency is then locked out of its settings, payments and team, so the change is refused.
 */
export function leavesNoActiveAdmin(
  activeAdminIds: readonly string[],
  memberId: string,
  change: { role?: TeamRole; deactivate?: boolean },
): boolean {
  if (!activeAdminIds.includes(memberId)) return false;
  const stopsBeingAdmin = change.deactivate === true || (change.role !== undefined && change.role !== "admin");
  return stopsBeingAdmin && activeAdminIds.length <= 1;
}
