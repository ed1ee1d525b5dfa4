import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { user, websiteCredentials } from "~db/schema";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { requireActor, requireTeamActor, requireTeamReach } from "~/lib/auth/actor-guards";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { CREDENTIAL_SECRET_FIELDS, type CredentialSecretField } from "~/lib/secrets/secrets";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import type { Actor } from "~/lib/auth/session";
import {
  cardErrorMessage,
  credentialFieldsSchema,
  CREDENTIAL_TYPES,
  type CredentialFields,
  type CredentialType,
} from "./credentials.schemas";
import { AppError } from "~/lib/http/app-error";
import type { Deps } from "~/lib/services.server";

interface CredentialCardInput extends CredentialFields {
  type: CredentialType;
}

export interface SaveCredentialsInput {
  /** Whose credentials. */
  userId: string;
  /** `customer`: the Credentials page, own cards only. `admin`: the Credenciales tab, admins only, audited. */
  editor: "customer" | "admin";
  cards: CredentialCardInput[];
}

const emptyToNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);

/**
 * Saves credential cards, one row per customer and type, all in one transaction. Plain fields are replaced
 * (empty clears them); a secret is encrypted when a new value is given, removed when listed in `clear`, and
 * otherwise kept as stored, since the browser never has it. An admin's save is recorded in the audit log
 * (which cards and which secrets changed, never a value). The change is published after the commit.
 */
export async function saveCredentials(
  deps: Pick<Deps, "db" | "bus" | "secrets">,
  actor: Actor | null,
  input: SaveCredentialsInput,
): Promise<void> {
  const { db, bus, secrets } = deps;
  const editor = input.editor === "admin" ? requireTeamActor(actor) : requireActor(actor);
  if (!z.uuid().safeParse(input.userId).success) throw new AppError("customer_not_found");
  if (input.editor === "admin") requireTeamReach(editor, input.userId);
  if (input.editor === "customer" && editor.id !== input.userId) throw new AppError("forbidden");
  if (input.cards.length === 0) throw new AppError("invalid_input");

  const cards = input.cards.map((card) => {
    if (!(CREDENTIAL_TYPES as readonly string[]).includes(card.type)) throw new AppError("invalid_input");
    const parsed = credentialFieldsSchema.safeParse(card);
    if (!parsed.success)
      throw new AppError("invalid_input", { detail: cardErrorMessage(card.type, parsed.error.issues[0]?.message) });
    return { type: card.type, fields: parsed.data };
  });

  await db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: user.id }).from(user).where(eq(user.id, input.userId));
    if (!owner) throw new AppError("customer_not_found");
    const changedSecrets: Record<string, CredentialSecretField[]> = {};
    for (const { type, fields } of cards) {
      const [stored] = await tx
        .select()
        .from(websiteCredentials)
        .where(and(eq(websiteCredentials.userId, input.userId), eq(websiteCredentials.credentialType, type)));
      const secretValues = {} as Record<CredentialSecretField, string | null>;
      const changed: CredentialSecretField[] = [];
      for (const field of CREDENTIAL_SECRET_FIELDS) {
        const typed = fields[field];
        if (typed !== undefined && typed !== "") {
          secretValues[field] = encryptSecret(secrets, typed);
          changed.push(field);
        } else if (fields.clear?.includes(field)) {
          secretValues[field] = null;
          if (stored?.[field]) changed.push(field);
        } else {
          secretValues[field] = stored?.[field] ?? null;
        }
      }
      changedSecrets[type] = changed;
      const values = {
        title: emptyToNull(fields.title),
        websiteLink: emptyToNull(fields.websiteLink),
        username: emptyToNull(fields.username),
        ...secretValues,
      };
      await tx
        .insert(websiteCredentials)
        .values({ userId: input.userId, credentialType: type, ...values })
        .onConflictDoUpdate({
          target: [websiteCredentials.userId, websiteCredentials.credentialType],
          set: { ...values, updatedAt: sql`now()` },
        });
    }
    if (input.editor === "admin") {
      await recordAuditEvent(tx, {
        actorId: editor.id,
        action: "credentials.save",
        customerId: input.userId,
        detail: { types: cards.map((card) => card.type), secretsChanged: changedSecrets },
      });
    }
  });
  await publishChanges(bus, [{ table: "website_credentials", userId: input.userId }]);
}
