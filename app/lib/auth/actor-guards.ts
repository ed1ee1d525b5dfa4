import { AppError } from "../http/app-error";
import type { Actor } from "./session";

/** Every use case checks its actor again, whatever the route's guard did: anonymous gets 401. */
export function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError("not_signed_in");
  return actor;
}

/** The back office is for admins only: anonymous gets 401, a customer 403. */
export function requireAdminActor(actor: Actor | null): Actor {
  if (!requireActor(actor).isAdmin) throw new AppError("forbidden");
  return actor!;
}
