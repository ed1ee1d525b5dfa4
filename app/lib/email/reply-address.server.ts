import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { replyAddresses as replyAddressRows } from "~db/schema";
import type { Executor } from "../db/db.server";

/**
 * A reply address: `reply+<row id><signature>@<domain>`, the id of a `reply_addresses` row (32 hex digits) and an
 * HMAC of it (16 hex digits) under the server's secret. The row names one conversation and the one person the
 * address was sent to; the signature means the database alone makes no valid address, and a made-up or altered
 * one is refused before the database is asked. Lower-case hex throughout: some mail servers change the case of the
 * local part. The local part is 6 + 32 + 16 = 54 characters, within the 64 that SMTP allows.
 */
export interface ReplyAddressSigner {
  /** The address of the reply_addresses row with this id. */
  format(rowId: string): string;
  /** The row id an address names, or null for an address this server did not sign (or another domain's). */
  parse(address: string): string | null;
}

const SIGNATURE_HEX = 16;
const UUID_HEX = /^[0-9a-f]{32}$/;
// Its own label: a signature made for anything else under the same secret (the addresses that named only the
// customer used another) never signs a reply address.
const LABEL = "reply-address:";

export function replyAddressSigner(secret: string, domain: string): ReplyAddressSigner {
  const host = domain.toLowerCase();
  const sign = (idHex: string) =>
    createHmac("sha256", secret).update(`${LABEL}${idHex}`).digest("hex").slice(0, SIGNATURE_HEX);
  return {
    format(rowId) {
      const idHex = rowId.replaceAll("-", "").toLowerCase();
      if (!UUID_HEX.test(idHex)) throw new Error(`Not a reply address id: ${rowId}`);
      return `reply+${idHex}${sign(idHex)}@${host}`;
    },
    parse(address) {
      const match = /^reply\+([0-9a-f]{32})([0-9a-f]{16})@(.+)$/.exec(address.trim().toLowerCase());
      if (!match || match[3] !== host) return null;
      const [, idHex, signature] = match as unknown as [string, string, string];
      if (!timingSafeEqual(Buffer.from(sign(idHex)), Buffer.from(signature))) return null;
      return `${idHex.slice(0, 8)}-${idHex.slice(8, 12)}-${idHex.slice(12, 16)}-${idHex.slice(16, 20)}-${idHex.slice(20)}`;
    },
  };
}

/** An address works this long after the last e-mail that carried it. */
export const REPLY_ADDRESS_LIFETIME_MS = 90 * 24 * 60 * 60_000;

/** What a reply address names: whose conversation, and who may post through it. */
export interface ReplyAddressPair {
  customerId: string;
  recipientId: string;
}

export interface ReplyAddresses {
  /**
   * The address of this conversation for this reader, in the caller's transaction: the pair's row is made, or its
   * expiry pushed back; a row already expired is replaced by one with a new id, so an expired address never works
   * again.
   */
  issue(executor: Executor, pair: ReplyAddressPair): Promise<string>;
  /** What a signed address names while its row exists and has not expired; else null (an unsigned one is not looked up). */
  resolve(executor: Executor, address: string): Promise<ReplyAddressPair | null>;
}

export function replyAddresses(secret: string, domain: string, now: () => Date = () => new Date()): ReplyAddresses {
  const signer = replyAddressSigner(secret, domain);
  return {
    async issue(executor, { customerId, recipientId }) {
      const at = now();
      const expiresAt = new Date(at.getTime() + REPLY_ADDRESS_LIFETIME_MS);
      // One statement, so two messages at once agree on the row; the id changes only once the old one expired.
      const expired = sql`${replyAddressRows.expiresAt} <= ${at.toISOString()}::timestamptz`;
      const [row] = await executor
        .insert(replyAddressRows)
        .values({ userId: customerId, recipientId, expiresAt, createdAt: at })
        .onConflictDoUpdate({
          target: [replyAddressRows.userId, replyAddressRows.recipientId],
          set: {
            id: sql`case when ${expired} then gen_random_uuid() else ${replyAddressRows.id} end`,
            createdAt: sql`case when ${expired} then excluded.created_at else ${replyAddressRows.createdAt} end`,
            expiresAt,
          },
        })
        .returning({ id: replyAddressRows.id });
      if (!row) throw new Error("The reply address was not saved");
      return signer.format(row.id);
    },
    async resolve(executor, address) {
      const id = signer.parse(address);
      if (!id) return null;
      const [row] = await executor
        .select({ customerId: replyAddressRows.userId, recipientId: replyAddressRows.recipientId })
        .from(replyAddressRows)
        .where(and(eq(replyAddressRows.id, id), gt(replyAddressRows.expiresAt, now())));
      return row ?? null;
    },
  };
}

/**
 * Revokes reply addresses (in the caller's transaction): every address sent to this person, or only those of some
 * conversations (`customerIds`), or all but some (`exceptCustomerIds`). The next message e-mail to them carries a
 * new address; the old ones are refused from now on.
 */
export async function revokeReplyAddresses(
  executor: Executor,
  recipientId: string,
  scope: { customerIds?: readonly string[]; exceptCustomerIds?: readonly string[] } = {},
): Promise<void> {
  if (scope.customerIds?.length === 0) return;
  await executor
    .delete(replyAddressRows)
    .where(
      and(
        eq(replyAddressRows.recipientId, recipientId),
        scope.customerIds ? inArray(replyAddressRows.userId, [...scope.customerIds]) : undefined,
        scope.exceptCustomerIds?.length ? notInArray(replyAddressRows.userId, [...scope.exceptCustomerIds]) : undefined,
      ),
    );
}
