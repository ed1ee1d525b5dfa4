import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { conversations, profiles } from "~db/schema";
import { requireCustomerAccess } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";
import { isCustomer } from "~/features/users/customer-query.server";

/** The customer whose conversation it is, with the name and company the thread and notifications show. */
export interface ConversationCustomer {
  id: string;
  fullName: string;
  companyName: string | null;
  email: string;
  emailOptOut: boolean;
  /** The conversation's counters and read times; null before its first message. */
  conversation: typeof conversations.$inferSelect | null;
}

/**
 * Who may open a conversation: its customer, and the team members who reach them. Anonymous gets 401, another
 * customer 403 (the customer's own pages never name another id, so only a forged request gets here), an id that is
 * no customer (or a customer not assigned to the staff member asking) 404.
 * The conversation's row comes with it, in the same query.
 */
export async function conversationCustomer(
  executor: Executor,
  actor: Actor | null,
  userId: string,
): Promise<ConversationCustomer> {
  requireCustomerAccess(actor, userId);
  if (!z.uuid().safeParse(userId).success) throw new AppError("customer_not_found");
  const [customer] = await executor
    .select({
      id: profiles.id,
      fullName: profiles.fullName,
      companyName: profiles.companyName,
      email: profiles.email,
      emailOptOut: profiles.emailOptOut,
      conversation: conversations,
    })
    .from(profiles)
    .leftJoin(conversations, eq(conversations.userId, profiles.id))
    .where(and(eq(profiles.id, userId), isCustomer));
  if (!customer) throw new AppError("customer_not_found");
  return customer;
}
