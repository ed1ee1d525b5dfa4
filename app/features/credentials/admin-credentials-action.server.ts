import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import type { Actor } from "~/lib/auth/session";
import { adminCredentialsFormSchema, cardErrorMessage, cardOfField, CREDENTIAL_CARDS } from "./credentials.schemas";
import { saveCredentials } from "./save-credentials.server";

/**
 * The admin user page's `intent=save-credentials` branch: reads the Credenciales tab's form (three cards,
 * fields `domain.title`...) and saves the cards together. Answers an ActionResult: the use case's refusals
 * (403, 404, 400) with their own message, anything else 'Failed to save credentials'.
 */
export async function adminCredentialsAction(
  services: Pick<Services, "database" | "bus" | "secrets">,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, adminCredentialsFormSchema);
  if (!parsed.ok) {
    const field = Object.keys(parsed.reply.error ?? {}).find((name) => parsed.reply.error?.[name]?.length) ?? "";
    const type = cardOfField(field);
    return formFailure({ error: type ? cardErrorMessage(type, parsed.error) : parsed.error });
  }
  const cards = CREDENTIAL_CARDS.map(({ type }) => ({ type, ...(parsed.value[type] ?? {}) }));
  try {
    await saveCredentials({ db: services.database.db, bus: services.bus, secrets: services.secrets }, actor, {
      userId,
      editor: "admin",
      cards,
    });
  } catch (error) {
    if (error instanceof AppError) return actionFailure(error, i18n);
    console.error("Failed to save credentials:", error);
    // CREDENTIALS_SAVE_FAILED in the request's language.
    return data<ActionResult>({ ok: false, error: i18n._(msg`Failed to save credentials`) }, { status: 500 });
  }
  return data<ActionResult>({ ok: true });
}
