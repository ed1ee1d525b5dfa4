import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { href } from "react-router";

/**
 * The rules of closing an account, pure (the browser and the server read the same ones): the word that confirms it,
 * what holds a customer's own deletion back for the agency's word, and how personal data is taken out of the texts
 * that stay (the bookkeeping rows' notes, the audit log's details).
 */

/**
 * The word typed to confirm a deletion, in each language the product speaks (the dialog asks for its page's, 'Type
 * DELETE to confirm' or 'Escriba ELIMINAR para confirmar'); either is taken on any page, so a person following the
 * other language's instructions is not refused.
 */
const DELETION_WORDS = ["DELETE", "ELIMINAR"];

/** Whether what was typed is a confirmation word (spaces around it and its case forgiven: the typing is the point). */
export function isDeletionWord(typed: string | null | undefined): boolean {
  return DELETION_WORDS.includes((typed ?? "").trim().toUpperCase());
}

/** The page actions of the feature. */
export const DELETE_ACCOUNT_INTENT = "delete-account";
export const APPROVE_DELETION_INTENT = "approve-deletion";
export const DECLINE_DELETION_INTENT = "decline-deletion";
export const WITHDRAW_DELETION_INTENT = "withdraw-deletion";
export const DELETE_CUSTOMER_INTENT = "delete-customer";

/** The longest reason an admin writes (a decline the customer reads, or why an admin deleted a customer). */
export const DELETION_REASON_MAX = 500;

/**
 * What holds a customer's own deletion back, so the agency confirms it first: a payment waiting for review (money
 * that may have arrived) or a job in progress (a paid service whose checklist is not finished).
 */
const DELETION_BLOCKERS = ["payment_pending", "job_in_progress"] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

export interface DeletionStanding {
  /** Payments waiting for an admin's review (Zelle proofs). */
  pendingPayments: number;
  /** Services paid for (a completed payment, not refunded in full) whose progress checklist is not finished. */
  unfinishedPaidServices: number;
}

/** The blockers of a customer's own deletion, in a fixed order; none: the account can be deleted at once. */
export function deletionBlockers(standing: DeletionStanding): DeletionBlocker[] {
  const blockers: DeletionBlocker[] = [];
  if (standing.pendingPayments > 0) blockers.push("payment_pending");
  if (standing.unfinishedPaidServices > 0) blockers.push("job_in_progress");
  return blockers;
}

export function isDeletionBlocker(value: unknown): value is DeletionBlocker {
  return typeof value === "string" && (DELETION_BLOCKERS as readonly string[]).includes(value);
}

/** Each blocker as the customer and the admins read it. */
export const BLOCKER_TEXTS: Record<DeletionBlocker, MessageDescriptor> = {
  payment_pending: msg`A payment is waiting for review`,
  job_in_progress: msg`A paid job is in progress`,
};

/** The blockers in a language, joined for a sentence ('A payment is waiting for review; A paid job is in progress'). */
export function blockerList(i18n: I18n, blockers: readonly string[]): string {
  return blockers
    .filter(isDeletionBlocker)
    .map((blocker) => i18n._(BLOCKER_TEXTS[blocker]))
    .join("; ");
}

/**
 * The note a payment still waiting for review gets when its customer is erased: nobody can review it any more (its
 * proof goes with the account, and a payment without its customer cannot be decided), and a pending row must not
 * stay in the work queue for nobody. Stored in English, as the other notes the system writes.
 */
export const ACCOUNT_ERASED_PAYMENT_NOTE = "Closed without review: the customer's account was deleted.";

/** What stands for personal data taken out of a text that stays. */
export const REMOVED = "[removed]";

/** Shorter than this, a name is no safe thing to look for inside other texts (an initial would match everywhere). */
const IDENTIFIER_MIN_LENGTH = 3;

/** The customer's identifiers worth looking for in other texts: trimmed, long enough, no repeats, longest first. */
export function identifiersOf(values: readonly (string | null | undefined)[]): string[] {
  const kept = new Set<string>();
  for (const value of values) {
    const trimmed = (value ?? "").trim();
    if (trimmed.length >= IDENTIFIER_MIN_LENGTH) kept.add(trimmed);
  }
  // Longest first, so a name inside an e-mail address does not leave the rest of the address behind.
  return [...kept].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text with every identifier (whatever its case) replaced by REMOVED. */
export function redact(text: string, identifiers: readonly string[]): string {
  let result = text;
  for (const identifier of identifiers) result = result.replace(new RegExp(escapeRegExp(identifier), "gi"), REMOVED);
  return result;
}

/**
 * The keys of an audit detail that hold what a person wrote or who they are (a note's title, a message's start, a
 * file's name, notes and reasons, an address, where they signed in from): dropped from the events about an erased
 * customer. Ids, services, steps, decisions, amounts and counts stay, so the log still says what was done.
 */
const PERSONAL_DETAIL_KEYS = new Set([
  "title",
  "preview",
  "name",
  "notes",
  "reason",
  "comment",
  "link",
  "email",
  "ip",
  "description",
  "fullName",
  "companyName",
  "phone",
]);

/**
 * An audit event's detail once its customer is erased. `about`: the event is the customer's (they acted, or it is
 * filed under them): the personal keys are dropped. Any other event keeps its keys, and only the customer's
 * identifiers are taken out of its texts (an invitation once sent to their address).
 */
export function scrubAuditDetail(
  detail: Record<string, unknown>,
  identifiers: readonly string[],
  { about }: { about: boolean },
): Record<string, unknown> {
  const scrub = (value: unknown): unknown => {
    if (typeof value === "string") return redact(value, identifiers);
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === "object")
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, inner]) => [key, scrub(inner)]),
      );
    return value;
  };
  // Only the detail's own keys are the event's words; nested ones (the members an assignment named) are the team's.
  const kept = Object.entries(detail).filter(([key]) => !(about && PERSONAL_DETAIL_KEYS.has(key)));
  return Object.fromEntries(kept.map(([key, value]) => [key, scrub(value)]));
}

/** Where a customer lands once their account is deleted: a page that says so (they are signed out). */
export const ACCOUNT_DELETED_PATH = href("/account-deleted");
