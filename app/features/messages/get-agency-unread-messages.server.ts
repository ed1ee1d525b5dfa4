import { requireTeamReach } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { conversationCustomer } from "./conversation-access.server";

/**
 * The count on the Messages tab of a customer's page in the back office: the customer's messages the agency has not
 * read (the conversation's counter, no counting), for the team members who reach that customer (a staff member on
 * another customer, or an id that is no customer's, 404).
 */
export async function getAgencyUnreadMessages(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  { userId }: { userId: string },
): Promise<number> {
  requireTeamReach(actor, userId);
  const { conversation } = await conversationCustomer(db, actor, userId);
  return conversation?.agencyUnread ?? 0;
}
