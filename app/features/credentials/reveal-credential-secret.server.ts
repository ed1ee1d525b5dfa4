import { eq } from "drizzle-orm";
import { mayWorkOn } from "~/lib/auth/actor-guards";
import { websiteCredentials } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { CREDENTIAL_SECRET_FIELDS, type CredentialSecretField, type RevealedSecret } from "~/lib/secrets/secrets";
import type { Actor } from "~/lib/auth/session";
import { z } from "zod";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

export interface RevealCredentialSecretInput {
  credentialId: string;
  field: CredentialSecretField;
}

const inputSchema = z.object({ credentialId: z.uuid(), field: z.enum(CREDENTIAL_SECRET_FIELDS) });

/**
 * One secret field of a credential, in clear, for its owner or an admin; anyone else gets 404, as if the
 * credential did not exist. Every reveal is recorded in the audit log (which field, never the value) in the
 * same transaction that reads it.
 */
export async function revealCredentialSecret(
  { db, secrets }: Pick<Deps, "db" | "secrets">,
  actor: Actor | null,
  input: RevealCredentialSecretInput,
): Promise<RevealedSecret> {
  if (!actor) throw new AppError("not_signed_in");
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw new AppError("invalid_request");
  const { credentialId, field } = parsed.data;

  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: websiteCredentials.userId, stored: websiteCredentials[field] })
      .from(websiteCredentials)
      .where(eq(websiteCredentials.id, credentialId));
    if (!row || !mayWorkOn(actor, row.userId)) throw new AppError("credential_not_found");
    const value = row.stored === null ? null : secrets.decrypt(row.stored);
    await recordAuditEvent(tx, {
      actorId: actor.id,
      action: "secret.reveal",
      customerId: row.userId,
      detail: { kind: "website_credentials", id: credentialId, field },
    });
    return { value };
  });
}
