import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { RouterContextProvider } from "react-router";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { Services } from "~/lib/services.server";
import type { SessionUser } from "~/lib/auth/session";
import type { z } from "zod";

/** Both forms' answer to a post without a session (the page itself sends anonymous visitors to the login). */
const NOT_SIGNED_IN = msg`You must be logged in to submit this form`;

/** What one information form's page does with a post: its schema, its save, and its toasts. */
export interface InformationForm<Schema extends z.ZodType> {
  /** The form's schema for this customer (the Google form's password rule depends on what is saved). */
  schema: (services: Services, actor: SessionUser) => Promise<Schema> | Schema;
  save: (services: Services, actor: SessionUser, fields: z.output<Schema>, form: FormData) => Promise<unknown>;
  texts: { saved: MessageDescriptor; saveFailed: MessageDescriptor };
}

/**
 * The action of an information form's page (multipart: the fields and the files): answers `{ ok: true, message }`
 * with the form's 'saved' toast, a refusal with its own message and status, and anything unexpected (logged)
 * with the form's 'save failed' message and 500. Its body limit is in server/body-limit.ts.
 */
export function informationAction<Schema extends z.ZodType>(form: InformationForm<Schema>) {
  return async ({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) => {
    const { services, user: actor, i18n } = requestContext(context);
    try {
      if (!actor) throw new AppError("not_signed_in", { message: NOT_SIGNED_IN });
      const formData = await readForm(request);
      const parsed = await parseForm(formData, await form.schema(services, actor));
      if (!parsed.ok) return formFailure(parsed);
      await form.save(services, actor, parsed.value, formData);
      return { ok: true, message: i18n._(form.texts.saved) } satisfies ActionResult;
    } catch (error) {
      if (error instanceof AppError) return actionFailure(error, i18n);
      console.error("Saving information failed:", error);
      return actionFailure(new AppError("internal", { status: 500, message: form.texts.saveFailed }), i18n);
    }
  };
}

/** Reads a multipart form once (fields and files), so the fields are parsed and the files passed on. */
async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new AppError("invalid_request");
  }
}
