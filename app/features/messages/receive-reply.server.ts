import { and, eq, inArray, sql } from "drizzle-orm";
import { profiles, user } from "~db/schema";
import { activeTeam, assignedCustomerIds } from "~/lib/auth/roles.server";
import type { Actor } from "~/lib/auth/session";
import { InboundRefusal, startInboundMail, type InboundAttachment, type InboundMail, type InboundMailServer } from "~/lib/email/inbound-mail.server";
import type { ReplyAddresses } from "~/lib/email/reply-address.server";
import { AppError } from "~/lib/http/app-error";
import type { Logger } from "~/lib/logger.server";
import type { Services } from "~/lib/services.server";
import { UPLOAD_KINDS } from "~/domain/upload-kinds";
import { refuseCustomerChangeDuringMaintenance } from "~/features/settings/maintenance.server";
import { replyText } from "./reply-text";
import { sendMessage, type MessageDeps } from "./send-message.server";

export interface ReplyDeps extends MessageDeps, Pick<Services, "settings"> {
  replyAddresses: ReplyAddresses;
}

/**
 * The largest reply taken, as sent: the files a message may carry at their largest, base64-encoded (4 bytes for
 * 3, plus a line break every 76 characters), with room for the text, the HTML and the quoted history.
 */
const REPLY_MAX_BYTES = (() => {
  const { maxFiles, maxBytes } = UPLOAD_KINDS["message-attachment"];
  return Math.ceil(((maxFiles * maxBytes * 4) / 3) * (78 / 76)) + 2 * 1024 * 1024;
})();

// The same words for every sender refused, so an answer never tells whether an address has an account.
const NOT_A_PARTICIPANT = "This address does not take mail from this sender";

// Parts of the mail's own machinery, never files the person chose: signatures and keys of signed mail.
const MACHINERY_TYPES = new Set(["application/pkcs7-signature", "application/x-pkcs7-signature", "application/pgp-signature", "application/pgp-keys"]);

/**
 * A reply to a message e-mail, posted to the conversation its address names, as the message of the person who
 * sent it: the conversation's customer, or an admin (then an agency message). Only the new text above the quoted
 * e-mail is kept, and the attached files (an image a signature shows inside the HTML is not one). Refused with an
 * InboundRefusal (550, the reason told to the sender) for an address this server did not make, a sender who is
 * neither, or what sendMessage refuses (empty, too long, too many or wrong files); with a 451 (the sending server
 * retries) while Maintenance Mode keeps customers out, when the sender writes too quickly or when the server fails. A mail a program
 * sent (an out-of-office answer) is dropped without a word, so two programs never answer each other.
 *
 * Who sent it: e-mail proves nothing by itself, so the receiving mail server in front checks SPF (the envelope
 * sender's domain) and DKIM/DMARC (the From header's domain) and refuses what fails. The envelope sender and the
 * From address must then be one and the same address, so whichever of the two that server checked is the address
 * trusted here; a mail whose From differs from its envelope (a forwarder, a mailing list, a forgery) is refused.
 * The empty envelope sender of bounces is refused too.
 */
export async function receiveReply(deps: ReplyDeps, mail: Omit<InboundMail, "remoteAddress">): Promise<{ id: string } | null> {
  const customerId = deps.replyAddresses.customerOf(mail.recipient);
  if (!customerId) throw new InboundRefusal("No such recipient here");
  if (mail.automatic) return null;
  const sender = mail.envelopeFrom?.trim().toLowerCase();
  const from = mail.from.map((address) => address.trim().toLowerCase());
  if (!sender || from.length !== 1 || from[0] !== sender) throw new InboundRefusal(NOT_A_PARTICIPANT);
  const actor = await senderActor(deps, customerId, sender);
  if (!actor) throw new InboundRefusal(NOT_A_PARTICIPANT);
  try {
    // A temporary refusal: the sending server retries, so the reply arrives once maintenance is over.
    await refuseCustomerChangeDuringMaintenance(deps, actor);
    return await sendMessage(deps, actor, {
      userId: customerId,
      body: replyText(mail.text),
      files: chosenFiles(mail.attachments),
      source: "email",
    });
  } catch (error) {
    // Too many messages a minute is temporary too: the reply waits in the sending server's queue instead of bouncing.
    if (error instanceof AppError) throw new InboundRefusal(error.message, error.status >= 500 || error.status === 429 ? 451 : 550);
    throw error;
  }
}

/**
 * The customer when the sender is their account's address; else an active team member whose account has this
 * address and may act now (not one who must still enrol in the two-factor sign-in the settings require, as sessions
 * rule too), with what a staff member reaches; else null.
 */
async function senderActor(deps: ReplyDeps, customerId: string, sender: string): Promise<Actor | null> {
  const { db } = deps;
  const [customer] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, customerId), eq(sql`lower(${profiles.email})`, sender)));
  if (customer) return { id: customer.id, isAdmin: false };
  const team = await activeTeam(db);
  if (team.size === 0) return null;
  const [member] = await db
    .select({ id: profiles.id, twoFactorEnabled: user.twoFactorEnabled })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(and(inArray(profiles.id, [...team.keys()]), eq(sql`lower(${profiles.email})`, sender)));
  if (!member) return null;
  if (member.twoFactorEnabled !== true && (await deps.settings.get()).security.twoFactor) return null;
  if (team.get(member.id) === "admin") return { id: member.id, isAdmin: true };
  return { id: member.id, isAdmin: false, assignedCustomerIds: await assignedCustomerIds(db, member.id) };
}

function chosenFiles(attachments: readonly InboundAttachment[]): File[] {
  return attachments
    .filter((attachment) => !attachment.related && !MACHINERY_TYPES.has(attachment.contentType.toLowerCase()))
    .map((attachment) => new File([new Uint8Array(attachment.content)], attachment.filename ?? "", { type: attachment.contentType }));
}

/**
 * The listener for replies to message e-mails, on INBOUND_SMTP_HOST:INBOUND_SMTP_PORT unless told otherwise (tests
 * take a free port), taking mail for valid reply addresses only.
 */
export async function startReplyListener(services: Services, log: Logger, listen: { port?: number; host?: string } = {}): Promise<InboundMailServer> {
  const { env, replyAddresses, database, bus, storage, settings } = services;
  const port = listen.port ?? env.INBOUND_SMTP_PORT;
  if (port === undefined || !replyAddresses) throw new Error("Replies by e-mail need INBOUND_SMTP_PORT and INBOUND_EMAIL_DOMAIN");
  const deps: ReplyDeps = { db: database.db, bus, storage, settings, replyAddresses };
  return startInboundMail({
    port,
    host: listen.host ?? env.INBOUND_SMTP_HOST,
    maxBytes: REPLY_MAX_BYTES,
    log,
    accepts: (recipient) => replyAddresses.customerOf(recipient) !== null,
    receive: async (mail) => {
      const posted = await receiveReply(deps, mail);
      if (!posted) log.info({ recipient: mail.recipient, envelopeFrom: mail.envelopeFrom }, "Inbound mail: an automatic reply was dropped");
    },
  });
}
