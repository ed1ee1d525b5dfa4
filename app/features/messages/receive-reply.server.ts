import { eq } from "drizzle-orm";
import { profiles, user } from "~db/schema";
import { assignedCustomerIds, teamStanding } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import { authenticatesDomain } from "~/lib/email/authentication-results";
import {
  InboundRefusal,
  startInboundMail,
  type InboundAttachment,
  type InboundMail,
  type InboundMailServer,
} from "~/lib/email/inbound-mail.server";
import type { ReplyAddressPair } from "~/lib/email/reply-address.server";
import { AppError } from "~/lib/http/app-error";
import type { Logger } from "~/lib/logger.server";
import type { Deps, Services } from "~/lib/services.server";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import { refuseCustomerChangeDuringMaintenance } from "~/lib/auth/maintenance.server";
import { replyText } from "./reply-text";
import { sendMessage, type SentMessage } from "./send-message.server";

/**
 * The largest reply taken, as sent: the files a message may carry at their largest, base64-encoded (4 bytes for
 * 3, plus a line break every 76 characters), with room for the text, the HTML and the quoted history.
 */
const REPLY_MAX_BYTES = (() => {
  const { maxFiles, maxBytes } = UPLOAD_KINDS["message-attachment"];
  return Math.ceil(((maxFiles * maxBytes * 4) / 3) * (78 / 76)) + 2 * 1024 * 1024;
})();

// The same words for every sender refused, whatever the reason (not authenticated, not the address's recipient, a
// recipient who may no longer act), so an answer never tells whose an address is or whether it has an account.
const NOT_A_PARTICIPANT = "This address does not take mail from this sender";
const NO_SUCH_RECIPIENT = "No such recipient here";

// Parts of the mail's own machinery, never files the person chose: signatures and keys of signed mail.
const MACHINERY_TYPES = new Set([
  "application/pkcs7-signature",
  "application/x-pkcs7-signature",
  "application/pgp-signature",
  "application/pgp-keys",
]);

/**
 * A reply to a message e-mail, posted to the conversation its address names as the message of the one person that
 * address was sent to: the conversation's customer, or one team member (then an agency message). Only the new text
 * above the quoted e-mail is kept, and the attached files (an image a signature shows inside the HTML is not one).
 * Refused with an InboundRefusal (550, the reason told to the sender) for an address this server did not make, or
 * that was revoked or expired; for any sender but the address's recipient, told in one sentence whatever the
 * reason; or for what sendMessage refuses (empty, too long, too many or wrong files); with a 451 (the sending server
 * retries) while Maintenance Mode keeps customers out, when the sender writes too quickly or when the server fails.
 * A mail a program sent (an out-of-office answer) is dropped without a word, so two programs never answer each
 * other; so is a mail whose Message-ID this conversation took already (a delivery repeated), answered 250 so that
 * its server stops trying.
 *
 * Who sent it: e-mail proves nothing by itself, and the address proves only that its recipient was sent it (a
 * forwarded e-mail hands it on). The receiving mail server in front checks SPF (the envelope sender's domain) and
 * DKIM/DMARC (the From header's domain) and writes what it found in its Authentication-Results header; the
 * envelope sender and the From address must be one and the same address, that server must vouch for its domain,
 * and it must be the recipient's account address. A mail whose From differs from its envelope (a forwarder, a
 * mailing list, a forgery) is refused, and so is the empty envelope sender of bounces.
 */
export async function receiveReply(
  deps: Pick<Deps, "db" | "bus" | "storage" | "settings" | "replyAddresses" | "authservId" | "rateLimit">,
  mail: Omit<InboundMail, "remoteAddress">,
): Promise<SentMessage | null> {
  // With replies by e-mail off, no address is one this server made.
  const pair = deps.replyAddresses && (await deps.replyAddresses.resolve(deps.db, mail.recipient));
  if (!pair) throw new InboundRefusal(NO_SUCH_RECIPIENT);
  if (mail.automatic) return null;
  const sender = mail.envelopeFrom?.trim().toLowerCase();
  const from = mail.from.map((address) => address.trim().toLowerCase());
  if (!sender || from.length !== 1 || from[0] !== sender) throw new InboundRefusal(NOT_A_PARTICIPANT);
  const domain = sender.includes("@") ? sender.slice(sender.lastIndexOf("@") + 1) : "";
  // Without the receiving server's authserv-id, no Authentication-Results header is believed.
  if (!deps.authservId || !authenticatesDomain(mail.authenticationResults, deps.authservId, domain))
    throw new InboundRefusal(NOT_A_PARTICIPANT);
  const actor = await recipientActor(deps, pair, sender);
  if (!actor) throw new InboundRefusal(NOT_A_PARTICIPANT);
  try {
    // A temporary refusal: the sending server retries, so the reply arrives once maintenance is over.
    await refuseCustomerChangeDuringMaintenance(deps, actor);
    return await sendMessage(deps, actor, {
      userId: pair.customerId,
      body: replyText(mail.text),
      files: chosenFiles(mail.attachments),
      source: "email",
      emailMessageId: mail.messageId,
    });
  } catch (error) {
    // Too many messages a minute is temporary too: the reply waits in the sending server's queue instead of bouncing.
    if (error instanceof AppError)
      throw new InboundRefusal(error.message, error.status >= 500 || error.status === 429 ? 451 : 550);
    throw error;
  }
}

/**
 * The address's recipient as the actor of the reply, when the sender is their account's address and they may still
 * act on this conversation: the customer themself (still a customer), or an active team member who may act now
 * (not one who must still enrol in the two-factor sign-in the settings require, as sessions rule too) and, for
 * staff, is still assigned to this customer. Else null.
 */
async function recipientActor(
  deps: Pick<Deps, "db" | "settings">,
  { customerId, recipientId }: ReplyAddressPair,
  sender: string,
): Promise<Actor | null> {
  const { db } = deps;
  const [account] = await db
    .select({ email: profiles.email, twoFactorEnabled: user.twoFactorEnabled })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(profiles.id, recipientId));
  if (!account || account.email.trim().toLowerCase() !== sender) return null;
  const standing = await teamStanding(db, recipientId);
  if (recipientId === customerId) return standing ? null : { id: customerId, isAdmin: false };
  if (!standing?.active) return null;
  if (account.twoFactorEnabled !== true && (await deps.settings.get()).security.twoFactor) return null;
  if (standing.role === "admin") return { id: recipientId, isAdmin: true };
  const assigned = await assignedCustomerIds(db, recipientId);
  if (!assigned.includes(customerId)) return null;
  return { id: recipientId, isAdmin: false, assignedCustomerIds: assigned };
}

function chosenFiles(attachments: readonly InboundAttachment[]): File[] {
  return attachments
    .filter((attachment) => !attachment.related && !MACHINERY_TYPES.has(attachment.contentType.toLowerCase()))
    .map(
      (attachment) =>
        new File([new Uint8Array(attachment.content)], attachment.filename ?? "", { type: attachment.contentType }),
    );
}

/**
 * The listener for replies to message e-mails, on INBOUND_SMTP_HOST:INBOUND_SMTP_PORT unless told otherwise (tests
 * take a free port), taking mail for valid reply addresses only.
 */
export async function startReplyListener(
  services: Services,
  log: Logger,
  listen: { port?: number; host?: string } = {},
): Promise<InboundMailServer> {
  const { env, replyAddresses, db } = services;
  const port = listen.port ?? env.INBOUND_SMTP_PORT;
  if (port === undefined || !replyAddresses || !services.authservId)
    throw new Error("Replies by e-mail need INBOUND_SMTP_PORT, INBOUND_EMAIL_DOMAIN and INBOUND_AUTHSERV_ID");
  return startInboundMail({
    port,
    host: listen.host ?? env.INBOUND_SMTP_HOST,
    maxBytes: REPLY_MAX_BYTES,
    log,
    // Refused before the message is sent: an address this server did not sign, or one revoked or expired.
    accepts: async (recipient) => (await replyAddresses.resolve(db, recipient)) !== null,
    receive: async (mail) => {
      const posted = await receiveReply(services, mail);
      if (!posted)
        log.info(
          { recipient: mail.recipient, envelopeFrom: mail.envelopeFrom },
          "Inbound mail: an automatic reply was dropped",
        );
      else if (posted.repeated)
        log.info(
          { recipient: mail.recipient, messageId: mail.messageId },
          "Inbound mail: a reply delivered again was not posted twice",
        );
    },
  });
}
