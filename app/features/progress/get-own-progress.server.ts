import { requireActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { readProgress } from "./progress-query.server";
import type { CustomerProgress } from "./progress-views";

/** The signed-in customer's own progress records: only the actor's own user id is ever read. */
export async function getOwnProgress({ db }: { db: Db }, actor: Actor | null): Promise<CustomerProgress> {
  const { id } = requireActor(actor);
  return readProgress(db, id);
}
