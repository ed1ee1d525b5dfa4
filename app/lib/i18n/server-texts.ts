import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The texts server/ answers with where a person may read them (the files route, the payment endpoints' JSON
 * errors, the database gate's 503 page), here so the catalog extraction sees them (server/ is not extracted).
 * Each pair: the English as the code sends it (production builds strip a descriptor's English) and its message.
 */
const SERVER_TEXTS = [
  ["You must be logged in", msg`You must be logged in`],
  ["Not found", msg`Not found`],
  ["Something went wrong", msg`Something went wrong`],
  ["Request body too large", msg`Request body too large`],
  ["Invalid request body", msg`Invalid request body`],
  ["Error creating payment session", msg`Error creating payment session`],
  ["Temporarily unavailable", msg`Temporarily unavailable`],
  ["The service is temporarily unavailable. Please try again in a moment.", msg`The service is temporarily unavailable. Please try again in a moment.`],
] as const satisfies readonly (readonly [string, MessageDescriptor])[];

const BY_ENGLISH = new Map<string, MessageDescriptor>(SERVER_TEXTS);

/** One of the server's fixed texts in the request's language; any other text (a use case's message) as it is. */
export function serverText(i18n: I18n, english: string): string {
  const descriptor = BY_ENGLISH.get(english);
  return descriptor ? i18n._(descriptor) : english;
}
