import { and, eq, isNotNull, sql } from "drizzle-orm";
import { isTeam } from "~/lib/auth/actor-guards";
import { conversations, messages, profiles, type MessageAttachment } from "~db/schema";
import { countAttempt, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import type { Actor } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { prepareUploads, storeUploads, type PreparedUpload, type StoredUpload } from "~/lib/storage/uploads.server";
import { notify } from "~/features/notifications/notify.server";
import { conversationCustomer } from "./conversation-access.server";
import { gatherMessageEmails } from "./message-email.server";
import { attachmentName, messagePreview } from "./message-rules";
import { MESSAGE_MAX } from "./messages.schemas";
import type { Deps } from "~/lib/services.server";

export interface SendMessageInput {
  /** The customer whose conversation it is. */
  userId: string;
  body: string;
  /** Files (FormData entries, or a reply's attachments as Files); empty entries are ignored. */
  files?: readonly unknown[];
  source?: "portal" | "email";
  /** A reply by e-mail's Message-ID (normalised): the same mail again for this conversation posts nothing. */
  emailMessageId?: string | null;
}

/** The posted message; `repeated` when a reply with this Message-ID was posted already (`id` is that message's). */
export interface SentMessage {
  id: string;
  repeated?: true;
}

/** The insert found the conversation's message of this Message-ID: nothing of this one is kept. */
class RepeatedReply extends Error {}

/** 30 messages a minute per account, counted on every instance. */
const MESSAGE_RATE_LIMIT: AttemptWindow = { windowMs: 60_000, max: 30 };

const sentFiles = (values: readonly unknown[]) =>
  values.filter((value): value is Blob => value instanceof Blob && value.size > 0);

/**
 * Posts a message to a customer's conversation, as the customer or as an admin (the agency). The text is 1 to 5,000
 * characters after trimming, or empty with files; at most 5 files, images or PDF, 10 MB each, checked by content
 * before anything is stored. In one transaction: the message, the conversation's counters (the writer's side has
 * read everything, the other side has one more unread; the customer waits until the agency answers), the
 * notifications (the customer, or the admins who want them), the gathered e-mails and, for an admin, the audit
 * event. The changes are published after the commit. A reply by e-mail whose Message-ID this conversation took
 * already posts nothing: the earlier message's id comes back, marked repeated.
 */
export async function sendMessage(
  deps: Pick<Deps, "db" | "bus" | "storage" | "replyAddresses" | "rateLimit">,
  actor: Actor | null,
  input: SendMessageInput,
): Promise<SentMessage> {
  const { db, bus, storage } = deps;
  const customer = await conversationCustomer(db, actor, input.userId);
  const writer = actor!;
  const emailMessageId = input.emailMessageId ?? null;
  const posted = async () => {
    if (!emailMessageId) return null;
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, customer.id), eq(messages.emailMessageId, emailMessageId)));
    return row ? { id: row.id, repeated: true as const } : null;
  };
  // A mail server that did not hear the answer delivers again: checked before the files are stored or counted.
  const earlier = await posted();
  if (earlier) return earlier;
  const body = input.body.replace(/\r\n?/g, "\n").trim();
  const files = sentFiles(input.files ?? []);
  if (body.length > MESSAGE_MAX) throw new AppError("message_too_long");
  if (!body && files.length === 0) throw new AppError("message_empty");
  const prepared: PreparedUpload[] =
    files.length === 0 ? [] : await prepareUploads("message-attachment", files, { field: "files" });
  const attempt = await countAttempt(db, `message:${writer.id}`, deps.rateLimit ?? MESSAGE_RATE_LIMIT);
  if (!attempt.allowed) throw new AppError("message_rate_limited");
  const fromAgency = isTeam(writer);
  const source = input.source ?? "portal";

  const write = (stored: StoredUpload[]) =>
    db.transaction(async (tx) => {
      const attachments: MessageAttachment[] = stored.map((file, index) => ({
        url: file.url,
        thumbnailUrl: file.thumbnailUrl,
        name: attachmentName((files[index] as File | undefined)?.name, file.url.split(".").pop()),
        size: file.size,
        contentType: file.contentType,
      }));
      // Two deliveries of one mail at once both pass the check above; the unique index lets one in.
      const [message] = await tx
        .insert(messages)
        .values({ userId: customer.id, authorId: writer.id, fromAgency, body, attachments, source, emailMessageId })
        .onConflictDoNothing({
          target: [messages.userId, messages.emailMessageId],
          where: isNotNull(messages.emailMessageId),
        })
        .returning({ id: messages.id, createdAt: messages.createdAt });
      if (!message && emailMessageId) throw new RepeatedReply();
      if (!message) throw new AppError("not_saved");
      const at = message.createdAt;
      await tx
        .insert(conversations)
        .values({
          userId: customer.id,
          lastMessageAt: at,
          waitingSince: fromAgency ? null : at,
          customerUnread: fromAgency ? 1 : 0,
          agencyUnread: fromAgency ? 0 : 1,
          customerReadAt: fromAgency ? null : at,
          agencyReadAt: fromAgency ? at : null,
        })
        .onConflictDoUpdate({
          target: conversations.userId,
          set: fromAgency
            ? {
                lastMessageAt: at,
                waitingSince: null,
                customerUnread: sql`${conversations.customerUnread} + 1`,
                agencyUnread: 0,
                agencyReadAt: at,
              }
            : {
                lastMessageAt: at,
                waitingSince: sql`coalesce(${conversations.waitingSince}, ${at.toISOString()}::timestamptz)`,
                agencyUnread: sql`${conversations.agencyUnread} + 1`,
                customerUnread: 0,
                customerReadAt: at,
              },
        });
      const [author] = fromAgency
        ? await tx.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, writer.id))
        : [];
      const preview = messagePreview(body);
      const event = {
        type: "message" as const,
        data: {
          customerId: customer.id,
          fullName: customer.fullName,
          companyName: customer.companyName,
          fromAgency,
          author: fromAgency ? (author?.fullName ?? null) : null,
          preview,
          files: attachments.length,
        },
        // Message e-mails are gathered per conversation and reader (gatherMessageEmails), never one per message.
        email: false,
      };
      const changes = await notify(tx, {
        ...event,
        to: fromAgency ? { customer: customer.id } : { admins: "newMessage", about: customer.id },
      });
      await gatherMessageEmails(tx, {
        customer,
        fromAgency,
        item: { author: event.data.author, body, files: attachments.length, at: at.toISOString() },
        replyAddresses: deps.replyAddresses,
      });
      if (fromAgency) {
        await recordAuditEvent(tx, {
          actorId: writer.id,
          action: "message.send",
          customerId: customer.id,
          detail: {
            messageId: message.id,
            preview: messagePreview(body).slice(0, 80),
            files: attachments.length,
            source,
          },
        });
      }
      return { id: message.id, changes };
    });

  let written: Awaited<ReturnType<typeof write>>;
  try {
    written =
      prepared.length === 0
        ? await write([])
        : await storeUploads(storage, "message-attachment", customer.id, prepared, write);
  } catch (error) {
    // Rolled back, and its files removed by storeUploads: the other delivery's message is the one.
    const other = error instanceof RepeatedReply ? await posted() : null;
    if (other) return other;
    throw error;
  }
  const { id, changes } = written;
  await publishChanges(bus, [{ table: "messages", userId: customer.id }, ...changes]);
  return { id };
}
