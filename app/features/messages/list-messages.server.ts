import { and, desc, eq, lt, or, sql } from "drizzle-orm";
import { isTeam } from "~/lib/auth/actor-guards";
import { alias } from "drizzle-orm/pg-core";
import { messages, profiles } from "~db/schema";
import type { Actor } from "~/lib/auth/session";
import type { Deps } from "~/lib/services.server";
import { isAllowedImageType } from "~/domain/upload-kinds";
import { conversationCustomer } from "./conversation-access.server";
import type { MessageView, ThreadView } from "./message-views";
import { MESSAGE_PAGE_SIZE } from "./messages.schemas";

/**
 * A page of a customer's conversation, for the customer or an admin: the newest messages, or with `before` the
 * ones just older than that message; oldest first, with each side's read state and the viewer's unread count.
 * Reads only (opening the thread marks it read through its own action).
 */
export async function listMessages(
  { db }: Pick<Deps, "db">,
  actor: Actor | null,
  input: { userId: string; before?: string },
): Promise<ThreadView> {
  const customer = await conversationCustomer(db, actor, input.userId);
  const author = alias(profiles, "author");
  const cursor = input.before
    ? await db
        .select({ createdAt: messages.createdAt, id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, input.before), eq(messages.userId, customer.id)))
        .then((rows) => rows[0])
    : undefined;
  // The page is taken from the conversation's index first (newest first, one more to tell whether there are earlier
  // ones) and only its rows are joined to their authors: joined first, the planner read and sorted the whole thread.
  // Without statistics (PGlite never gathers them) the planner also picks a bitmap scan, which loses the index's
  // order and sorts every message of the thread: 2.6 ms against 0.6 ms for 2,000 messages. It is told not to, in
  // a transaction of its own so the setting ends with it.
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const newest = tx
      .select({
        id: messages.id,
        authorId: messages.authorId,
        fromAgency: messages.fromAgency,
        body: messages.body,
        attachments: messages.attachments,
        source: messages.source,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.userId, customer.id),
          cursor
            ? or(
                lt(messages.createdAt, cursor.createdAt),
                and(eq(messages.createdAt, cursor.createdAt), lt(messages.id, cursor.id)),
              )
            : undefined,
          // An unknown `before` (not this conversation's) pages back to nothing rather than restarting at the newest.
          input.before && !cursor ? sql`false` : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGE_PAGE_SIZE + 1)
      .as("newest");
    return tx
      .select({
        id: newest.id,
        fromAgency: newest.fromAgency,
        authorName: author.fullName,
        body: newest.body,
        attachments: newest.attachments,
        source: newest.source,
        createdAt: newest.createdAt,
      })
      .from(newest)
      .leftJoin(author, eq(author.id, newest.authorId))
      .orderBy(desc(newest.createdAt), desc(newest.id));
  });
  const conversation = customer.conversation;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  const viewerIsAgency = isTeam(actor!);
  return {
    customerId: customer.id,
    customerName: customer.fullName,
    messages: page.map(
      (row): MessageView => ({
        id: row.id,
        fromAgency: row.fromAgency,
        authorName: row.fromAgency ? row.authorName : null,
        body: row.body,
        createdAt: row.createdAt.toISOString(),
        byEmail: row.source === "email",
        attachments: row.attachments.map((file) => ({
          url: file.url,
          thumbnailUrl: file.thumbnailUrl,
          name: file.name,
          size: file.size,
          isImage: isAllowedImageType(file.contentType),
        })),
      }),
    ),
    earlierBefore: rows.length > MESSAGE_PAGE_SIZE ? (page[0]?.id ?? null) : null,
    customerReadAt: conversation?.customerReadAt?.toISOString() ?? null,
    agencyReadAt: conversation?.agencyReadAt?.toISOString() ?? null,
    unread: (viewerIsAgency ? conversation?.agencyUnread : conversation?.customerUnread) ?? 0,
  };
}
