import { and, eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import type { Executor } from "~/lib/db/db.server";
import { gatherEmail } from "~/lib/email/email.server";
import { i18nOfUsers } from "~/lib/i18n/language.server";
import { progressEmail, type DoneStep } from "~/features/notifications/progress-notifications";

/** How long a customer's progress e-mail waits for more steps after the first: one e-mail per customer per window. */
export const PROGRESS_EMAIL_WINDOW_MS = 10 * 60_000;

/**
 * A step ticked or unticked, for the customer's gathered progress e-mail (in the caller's transaction, the
 * tick's): a tick adds the step to the e-mail waiting for this customer, or queues one due at the window's end;
 * an untick takes the step out again (and drops an e-mail left with no step). A customer who turned e-mail off on
 * the Profile page gets none. The in-app notification of each tick is immediate (notify).
 */
export async function gatherProgressEmail(
  executor: Executor,
  { userId, done, ...item }: DoneStep & { userId: string; done: boolean },
): Promise<void> {
  const [recipient] = await executor
    .select({ email: profiles.email })
    .from(profiles)
    .where(and(eq(profiles.id, userId), eq(profiles.emailOptOut, false)));
  const key = `progress:${userId}`;
  // E-mail turned off (perhaps since the first step of the window): nothing is sent, a waiting e-mail is dropped.
  if (!recipient)
    return gatherEmail<DoneStep>(executor, {
      key,
      delayMs: PROGRESS_EMAIL_WINDOW_MS,
      change: () => [],
      render: () => ({ to: "", subject: "", text: "" }),
    });
  const i18n = (await i18nOfUsers(executor, [userId]))(userId);
  const same = (other: DoneStep) => other.service === item.service && other.step === item.step;
  await gatherEmail<DoneStep>(executor, {
    key,
    delayMs: PROGRESS_EMAIL_WINDOW_MS,
    change: (items) =>
      done ? [...items.filter((other) => !same(other)), item] : items.filter((other) => !same(other)),
    render: (items) => ({ to: recipient.email, ...progressEmail(i18n, items) }),
  });
}
