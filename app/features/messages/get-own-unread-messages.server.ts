import { eq } from "drizzle-orm";
import { isTeam } from "~/lib/auth/actor-guards";
import { conversations } from "~db/schema";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";

/** The navigation's count: the agency's messages the customer has not read (one row's counter, no counting). */
export async function getOwnUnreadMessages({ db }: Pick<Deps, "db">, actor: Actor): Promise<number> {
  if (isTeam(actor)) return 0;
  const [row] = await db
    .select({ unread: conversations.customerUnread })
    .from(conversations)
    .where(eq(conversations.userId, actor.id));
  return row?.unread ?? 0;
}
