import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { inArray } from "drizzle-orm";
import { href } from "react-router";
import { profiles } from "~db/schema";
import { teamFollowing } from "~/lib/auth/roles.server";
import { readSettings, SEEDLESS_SETTINGS } from "~/lib/config/settings.server";
import type { Executor } from "~/lib/db/db.server";
import { gatherEmail, type EmailInput } from "~/lib/email/email.server";
import type { ReplyAddresses } from "~/lib/email/reply-address.server";
import { customerPagePath } from "~/lib/http/paths";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import type { ConversationCustomer } from "./conversation-access.server";

/** At most one message e-mail per conversation and reader in this long: later messages join the waiting one. */
const MESSAGE_EMAIL_WINDOW_MS = 10 * 60_000;

/** One message as a gathered e-mail lists it. */
export interface MessageEmailItem {
  /** The admin who wrote it (null: a former team member); the customer's messages carry no author. */
  author: string | null;
  body: string;
  files: number;
  at: string;
}

const emailKey = (customerId: string, readerId: string) => `message:${customerId}:${readerId}`;

/** The e-mail of a conversation's waiting messages, in the reader's language. */
function messageEmail(
  i18n: I18n,
  {
    items,
    fromAgency,
    customerName,
    to,
    replyAddress,
    link,
  }: {
    items: readonly MessageEmailItem[];
    fromAgency: boolean;
    customerName: string;
    to: string;
    replyAddress?: string;
    link: string;
  },
): EmailInput {
  const count = items.length;
  const subject = fromAgency
    ? i18n._(
        msg`${plural(count, { one: "You have a new message from our team", other: "You have # new messages from our team" })}`,
      )
    : i18n._(
        msg`${plural(count, { one: `New message from ${customerName}`, other: `# new messages from ${customerName}` })}`,
      );
  const blocks = items.map((item) => {
    const who = fromAgency ? (item.author ?? i18n._(msg`A former team member`)) : customerName;
    const files =
      item.files > 0
        ? i18n._(msg`${plural(item.files, { one: "(# file attached)", other: "(# files attached)" })}`)
        : "";
    return [`${who}:`, item.body, files].filter(Boolean).join("\n");
  });
  const how = replyAddress
    ? i18n._(msg`Reply to this e-mail to answer, or open the conversation:`)
    : i18n._(msg`Open the conversation to answer:`);
  return { to, subject, text: `${blocks.join("\n\n")}\n\n${how}`, link, replyTo: replyAddress };
}

/**
 * A new message, for the e-mails of the other side (in the message's transaction): added to the e-mail waiting for
 * each reader, or queued as a new one due at the end of the window. The customer gets one unless they turned e-mail
 * off; the admins and the staff assigned to the customer when Email Notifications and 'New message received' are on.
 * With replies by e-mail on, each reader's e-mail carries that reader's own reply address, so a reply through it
 * posts as that reader and nobody else (a customer's address never posts for the team).
 */
export async function gatherMessageEmails(
  executor: Executor,
  {
    customer,
    fromAgency,
    item,
    replyAddresses,
  }: {
    customer: ConversationCustomer;
    fromAgency: boolean;
    item: MessageEmailItem;
    replyAddresses: ReplyAddresses | null;
  },
): Promise<void> {
  let readers: { id: string; email: string }[];
  if (fromAgency) {
    readers = customer.emailOptOut ? [] : [{ id: customer.id, email: customer.email }];
  } else {
    const { notifications } = await readSettings(executor, SEEDLESS_SETTINGS);
    const team =
      notifications.emailNotifications && notifications.newMessage ? await teamFollowing(executor, customer.id) : [];
    readers =
      team.length > 0
        ? await executor
            .select({ id: profiles.id, email: profiles.email })
            .from(profiles)
            .where(inArray(profiles.id, team))
        : [];
  }
  if (readers.length === 0) return;
  const i18nOf = await i18nOfUsers(
    executor,
    readers.map((reader) => reader.id),
  );
  const customerName = customer.companyName ? `${customer.fullName} (${customer.companyName})` : customer.fullName;
  const link = fromAgency ? href("/dashboard/messages") : customerPagePath(customer.id, "messages");
  for (const reader of readers) {
    const replyAddress = replyAddresses
      ? await replyAddresses.issue(executor, { customerId: customer.id, recipientId: reader.id })
      : undefined;
    await gatherEmail<MessageEmailItem>(executor, {
      key: emailKey(customer.id, reader.id),
      delayMs: MESSAGE_EMAIL_WINDOW_MS,
      change: (items) => [...items, item],
      render: (items) =>
        messageEmail(i18nOf(reader.id), { items, fromAgency, customerName, to: reader.email, replyAddress, link }),
    });
  }
}

/** A reader opened the conversation: the e-mail still waiting to tell them of its messages is not sent. */
export async function dropMessageEmail(executor: Executor, customerId: string, readerId: string): Promise<void> {
  await gatherEmail<MessageEmailItem>(executor, {
    key: emailKey(customerId, readerId),
    delayMs: MESSAGE_EMAIL_WINDOW_MS,
    change: () => [],
    render: () => ({ to: "", subject: "", text: "" }),
  });
}
