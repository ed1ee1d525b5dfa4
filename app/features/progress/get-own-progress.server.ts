import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { readProgress } from "./progress-query.server";
import type { CustomerProgress } from "./progress-views";
import type { Deps } from "~/lib/services.server";

/** The signed-in customer's own progress records: only the actor's own user id is ever read. */
export async function getOwnProgress({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<CustomerProgress> {
  const { id } = requireActor(actor);
  return readProgress(db, id);
}
