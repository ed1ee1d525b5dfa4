import type { Actor } from "~/lib/session";

/** Who may read a stored file: its owner (the key's first segment) and admins. */
export function mayReadFile(actor: Actor, key: string): boolean {
  return actor.isAdmin || key.split("/")[0] === actor.id;
}
