import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AdminSettings } from "~/domain/admin-settings";
import type { ConversationFrame } from "./message-views";

/** The agency's name, and the reply-time line from the settings (empty there: the standard one, in the reader's language). */
export function conversationFrame(
  general: Pick<AdminSettings["general"], "companyName" | "messagesReplyTime">,
  i18n: I18n,
): ConversationFrame {
  return {
    agencyName: general.companyName,
    replyTime: general.messagesReplyTime.trim() || i18n._(msg`Our team answers within one business day.`),
  };
}
