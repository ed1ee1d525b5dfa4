import { and, desc, eq, isNull } from "drizzle-orm";
import { payments } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Actor } from "~/lib/auth/session";
import { toPaymentView, type PaymentView } from "./payment-views";
import type { Deps } from "~/lib/services.server";

/** The signed-in customer's own payments of the services, newest first (their plans' charges are the Plans page's). */
export async function listOwnPayments({ db }: Pick<Deps, "db">, actor: Actor | null): Promise<PaymentView[]> {
  const { id } = requireActor(actor);
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, id), isNull(payments.planSubscriptionId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toPaymentView);
}
