import { countAttempt, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import { CLIENT_IP_HEADER } from "~/lib/auth/auth.server";
import type { Actor } from "~/lib/auth/session";
import type { Locale } from "~/lib/i18n/locales";
import { logger } from "~/lib/logger.server";
import type { Deps } from "~/lib/services.server";
import {
  QUOTE_HONEYPOT_FIELD,
  quoteFormErrors,
  quoteFormValues,
  type QuoteField,
  type QuoteFormValues,
} from "./leads.schemas";
import { filledByAPerson, requestVisit } from "./quote-visit.server";
import { submitQuoteRequest } from "./submit-quote-request.server";

/** Ten quote requests a minute from one address; the eleventh is a robot's (counted on every instance alike). */
const QUOTE_RATE_LIMIT: AttemptWindow = { windowMs: 60_000, max: 10 };

/** What the quote form's endpoint answers: sent (a robot is told so too), or refused with the form as it was sent. */
export type QuoteAnswer =
  | { sent: true; bookingLink: string | null }
  | { sent: false; values: QuoteFormValues; errors: Partial<Record<QuoteField, string>> };

/**
 * A posted quote form, as the endpoint hands it over: a robot's (too many from its address, the honeypot filled, sent
 * sooner than a person could after the page was served, or with no page served at all) is answered as sent and leaves
 * nothing; a person's is checked with the form's schema (its problems come back in the request's language, the
 * values kept) and becomes a lead (submitQuoteRequest).
 */
export async function receiveQuoteRequest(
  deps: Pick<Deps, "db" | "bus" | "env" | "settings" | "now" | "rateLimit">,
  actor: Actor | null,
  { request, form, language }: { request: Request; form: FormData; language: Locale },
): Promise<QuoteAnswer> {
  const now = deps.now?.() ?? new Date();
  const bookingLink = (await deps.settings.get()).general.bookingLink || null;
  const sent = { sent: true, bookingLink } as const;
  const address = request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
  const attempt = await countAttempt(deps.db, `quote:${address}`, deps.rateLimit ?? QUOTE_RATE_LIMIT, now);
  const visit = requestVisit(deps.env.AUTH_SECRET, request);
  const trap = form.get(QUOTE_HONEYPOT_FIELD);
  const robot = !attempt.allowed
    ? "too many from one address"
    : typeof trap === "string" && trap.trim() !== ""
      ? "the honeypot filled"
      : !filledByAPerson(visit, now)
        ? "sent too soon after the page, or without one"
        : null;
  if (robot) {
    logger.info({ reason: robot }, "A quote request was taken for a robot's and dropped");
    return sent;
  }
  const values = quoteFormValues(form);
  const parsed = quoteFormErrors(values);
  if (!parsed.ok) return { sent: false, values, errors: parsed.errors };
  await submitQuoteRequest(deps, actor, { request: parsed.value, language, source: visit?.source ?? {} });
  return sent;
}
