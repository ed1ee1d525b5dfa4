import { AppError, type ErrorCode } from "../http/app-error";
import type { Actor } from "./session";

/** Every use case checks its actor again, whatever the route's guard did: anonymous gets 401. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError("not_signed_in");
  return actor;
}

/** A staff member (an active one, two-factor done when required): reaches only the customers assigned to them. */
export function isStaff(actor: Actor): boolean {
  return !actor.isAdmin && actor.assignedCustomerIds != null;
}

/** The agency's side: an admin or a staff member. */
export function isTeam(actor: Actor): boolean {
  return actor.isAdmin || isStaff(actor);
}

/** The admin-only parts of the back office (payments, settings, the team, analytics): anonymous 401, anyone else 403. */
export function requireAdminActor(actor: Actor | null): Actor {
  if (!requireActor(actor).isAdmin) throw new AppError("forbidden");
  return actor!;
}

/** The back office's shared parts (the dashboard, the customer list): anonymous 401, a customer 403. */
export function requireTeamActor(actor: Actor | null): Actor {
  if (!isTeam(requireActor(actor))) throw new AppError("forbidden");
  return actor!;
}

/** Whether a team member works on this customer: an admin on every one, a staff member on those assigned to them. */
function teamReaches(actor: Actor, customerId: string): boolean {
  return actor.isAdmin || (actor.assignedCustomerIds?.includes(customerId) ?? false);
}

/**
 * A team member's work on one customer's job: anonymous 401, a customer 403, a staff member on a customer not
 * assigned to them 404, as for a customer that does not exist (they are not told who the other customers are).
 */
export function requireTeamReach(actor: Actor | null, customerId: string): Actor {
  const member = requireTeamActor(actor);
  if (!teamReaches(member, customerId)) throw new AppError("customer_not_found");
  return member;
}

/** Whether the actor may work on this customer's rows: the customer themself, or a team member who reaches them. */
export function mayWorkOn(actor: Actor, customerId: string): boolean {
  return actor.id === customerId || teamReaches(actor, customerId);
}

/**
 * One customer's rows, for the customer themself or a team member who reaches them: anonymous 401, a staff member
 * on a customer not assigned to them 404 (customer_not_found), another customer `refusal` (403 unless told).
 */
export function requireCustomerAccess(
  actor: Actor | null,
  customerId: string,
  refusal: ErrorCode = "forbidden",
): Actor {
  const viewer = requireActor(actor);
  if (mayWorkOn(viewer, customerId)) return viewer;
  throw new AppError(isTeam(viewer) ? "customer_not_found" : refusal);
}
