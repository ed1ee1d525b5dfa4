import { requireAdminActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { RetentionRun } from "./retention";
import { lastRetentionRun } from "./run-retention.server";
import type { Deps } from "~/lib/services.server";

/** The Database tab's line on the clean-up: when it last ran and what it removed (null: it has not run yet). Admins only. */
export async function getRetentionStatus(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
): Promise<{ lastRun: RetentionRun | null }> {
  requireAdminActor(actor);
  return { lastRun: await lastRetentionRun(db) };
}
