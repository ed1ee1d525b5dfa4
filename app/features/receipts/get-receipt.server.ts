import { eq } from "drizzle-orm";
import { payments, profiles } from "~db/schema";
import { requireActor } from "~/lib/auth/actor-guards";
import type { Db } from "~/lib/db/db.server";
import { isServiceType } from "~/domain/service-catalog";
import type { Actor } from "~/lib/auth/session";
import type { SettingsStore } from "~/lib/config/settings.server";
import { toReceiptView, type ReceiptView } from "./receipt";
import { AppError } from "~/lib/http/app-error";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/**
 * A completed payment's receipt, for its owner or an admin. Anything else - another customer's payment, a
 * pending or rejected one, an unknown id - is the same 404, so a receipt's existence is not revealed.
 * The agency's name and support e-mail are the admin settings' Company Name and Support Email in force.
 */
export async function getReceipt(
  { db, settings }: { db: Db; settings: Pick<SettingsStore, "get"> },
  actor: Actor | null,
  { paymentId }: { paymentId: string },
): Promise<ReceiptView> {
  const viewer = requireActor(actor);
  if (!UUID.test(paymentId)) throw new AppError("receipt_not_found");
  const [row] = await db
    .select({ payment: payments, fullName: profiles.fullName, email: profiles.email, companyName: profiles.companyName })
    .from(payments)
    .leftJoin(profiles, eq(profiles.id, payments.userId))
    .where(eq(payments.id, paymentId));
  if (!row || row.payment.status !== "completed") throw new AppError("receipt_not_found");
  if (!viewer.isAdmin && row.payment.userId !== viewer.id) throw new AppError("receipt_not_found");
  const { payment } = row;
  if (!isServiceType(payment.serviceType)) throw new AppError("receipt_not_found");
  const { general } = await settings.get();
  return toReceiptView(
    { ...payment, serviceType: payment.serviceType },
    { name: row.fullName ?? "", email: row.email ?? "", companyName: row.companyName?.trim() || null },
    { name: general.companyName, supportEmail: general.supportEmail },
  );
}
