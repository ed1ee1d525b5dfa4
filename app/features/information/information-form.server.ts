import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { z } from "zod";
import { AppError } from "~/lib/http/app-error";
import type { FormSpec } from "~/lib/http/actions.server";
import type { SessionUser } from "~/lib/auth/session";
import type { Services } from "~/lib/services.server";

/** Both forms' answer to a post without a session (the page itself sends anonymous visitors to the login). */
const NOT_SIGNED_IN = msg`You must be logged in to submit this form`;

/** What one information form's page does with a post: its schema, its save, and its toast. */
export interface InformationForm<Schema extends z.ZodType> {
  /** The form's schema for this customer (the Google form's password rule depends on what is saved). */
  schema: (services: Services, actor: SessionUser) => Promise<Schema> | Schema;
  save: (services: Services, actor: SessionUser, fields: z.output<Schema>, form: FormData) => Promise<unknown>;
  texts: { saved: MessageDescriptor };
}

/**
 * The form of an information page (multipart: the fields and the files), for `formAction`: refused to a post without
 * a session before the body is read, then parsed with the form's schema for this customer and saved; a success
 * answers `{ ok: true, message }` with the form's 'saved' toast. Its body limit is in server/body-limit.ts.
 */
export function informationForm<Schema extends z.ZodType>(
  form: InformationForm<Schema>,
): FormSpec<Schema, unknown, { ok: true; message: string }> {
  return {
    guard: ({ user }) => signedIn(user),
    schema: ({ services, user }) => form.schema(services, signedIn(user)),
    run: ({ services, user, form: posted }, fields) =>
      form.save(services, signedIn(user), fields as z.output<Schema>, posted),
    success: ({ i18n }) => ({ ok: true, message: i18n._(form.texts.saved) }),
  };
}

function signedIn(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("not_signed_in", { message: NOT_SIGNED_IN });
  return user;
}
