import { eq } from "drizzle-orm";
import { requireCustomerAccess } from "~/lib/auth/actor-guards";
import { googleBusinessInfo } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { RevealedSecret } from "~/lib/secrets/secrets";
import type { Actor } from "~/lib/auth/session";
import { z } from "zod";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface RevealGmailPasswordInput {
  /** The customer whose Google Business information it is (the row's key). */
  userId: string;
}

const inputSchema = z.object({ userId: z.uuid() });

/**
 * The Gmail password of a customer's Google Business information, in clear, for that customer or an admin;
 * anyone else gets 404, as if there were none. Every reveal is recorded in the audit log (never the value)
 * in the same transaction that reads it.
 */
export async function revealGmailPassword(
  { db, secrets }: Pick<Deps, "db" | "secrets">,
  actor: Actor | null,
  input: RevealGmailPasswordInput,
): Promise<RevealedSecret> {
  if (!actor) throw new AppError("not_signed_in");
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_request");
  const { userId } = parsed.data;
  requireCustomerAccess(actor, userId, "google_business_info_not_found");

  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ stored: googleBusinessInfo.gmailPassword })
      .from(googleBusinessInfo)
      .where(eq(googleBusinessInfo.userId, userId));
    if (!row) throw new AppError("google_business_info_not_found");
    const value = row.stored === null ? null : secrets.decrypt(row.stored);
    await recordAuditEvent(tx, {
      actorId: actor.id,
      action: "secret.reveal",
      customerId: userId,
      detail: { kind: "google_business_info", id: userId, field: "gmail_password" },
    });
    return { value };
  });
}
