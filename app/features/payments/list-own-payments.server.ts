import { desc, eq } from "drizzle-orm";
import { payments } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import type { Actor } from "~/lib/auth/session";
import { toPaymentView, type PaymentView } from "./payment-views";

/** The signed-in customer's own payments, newest first. */
export async function listOwnPayments({ db }: { db: Db }, actor: Actor | null): Promise<PaymentView[]> {
  const { id } = requireActor(actor);
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, id))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  return rows.map(toPaymentView);
}
