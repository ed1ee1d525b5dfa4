import type { I18n } from "@lingui/core";
import { data } from "react-router";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { markMessagesRead } from "./mark-messages-read.server";
import { markMessagesReadFormSchema, sendMessageFormSchema } from "./messages.schemas";
import { sendMessage } from "./send-message.server";

type MessageServices = Pick<Services, "database" | "bus" | "storage" | "replyAddresses">;

/**
 * The composer's post (`intent=send-message`: body, files), on the customer's Messages page and the admin's
 * Messages tab alike; a refusal answers its message and status, as a toast beside the composer.
 */
export async function sendMessageAction(
  services: MessageServices,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, sendMessageFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const { id } = await sendMessage(
      {
        db: services.database.db,
        bus: services.bus,
        storage: services.storage,
        replyAddresses: services.replyAddresses,
      },
      actor,
      { userId, body: parsed.value.body, files: form.getAll("files") },
    );
    return data<ActionResult & { messageId?: string }>({ ok: true, messageId: id });
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/** The thread was shown with unread messages (`intent=mark-messages-read`): the viewer's side has read them. No toast. */
export async function markMessagesReadAction(
  services: MessageServices,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, markMessagesReadFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const { marked } = await markMessagesRead({ db: services.database.db, bus: services.bus }, actor, { userId });
    return { ok: true as const, marked };
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
