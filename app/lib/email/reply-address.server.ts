import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The reply address of a conversation: `reply+<id><signature>@<domain>`, the customer's id (32 hex digits) and an
 * HMAC of it (16 hex digits) under the server's secret. Only the server can make one, so a mail to a made-up or
 * altered address is refused; the listener still checks who sent it. Lower-case hex throughout: some mail servers
 * change the case of the local part.
 */
export interface ReplyAddresses {
  /** The address replies to this customer's conversation go to. */
  addressFor(customerId: string): string;
  /** The customer whose conversation an address belongs to, or null for an address this server did not make. */
  customerOf(address: string): string | null;
}

const SIGNATURE_HEX = 16;
const UUID_HEX = /^[0-9a-f]{32}$/;

export function replyAddresses(secret: string, domain: string): ReplyAddresses {
  const host = domain.toLowerCase();
  const sign = (idHex: string) => createHmac("sha256", secret).update(`conversation-reply:${idHex}`).digest("hex").slice(0, SIGNATURE_HEX);
  return {
    addressFor(customerId) {
      const idHex = customerId.replaceAll("-", "").toLowerCase();
      if (!UUID_HEX.test(idHex)) throw new Error(`Not a customer id: ${customerId}`);
      return `reply+${idHex}${sign(idHex)}@${host}`;
    },
    customerOf(address) {
      const match = /^reply\+([0-9a-f]{32})([0-9a-f]{16})@(.+)$/.exec(address.trim().toLowerCase());
      if (!match || match[3] !== host) return null;
      const [, idHex, signature] = match as unknown as [string, string, string];
      const expected = Buffer.from(sign(idHex));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
      return `${idHex.slice(0, 8)}-${idHex.slice(8, 12)}-${idHex.slice(12, 16)}-${idHex.slice(16, 20)}-${idHex.slice(20)}`;
    },
  };
}
