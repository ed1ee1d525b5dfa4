import { countAttempt, giveBackAttempt, type AttemptWindow } from "~/lib/auth/attempt-counter.server";
import type { Executor } from "~/lib/db/db.server";
import { AppError } from "~/lib/http/app-error";

/** Ten refused codes per customer in ten minutes: plenty for typing slips, a wall for guessing codes. */
export const CODE_TRIAL_LIMIT: AttemptWindow = { windowMs: 10 * 60 * 1000, max: 10 };

export const codeTrialKey = (userId: string) => `promotion-code:${userId}`;

/** Whether a failure is a refused code: the one answer every path gives to a code it will not take. */
function isRefusedCode(error: unknown): boolean {
  return error instanceof AppError && error.code === "promotion_code_invalid";
}

/**
 * Runs `attempt`, all that one path does with a code the customer typed (the quote, a free payment, a Zelle proof, a
 * card checkout), under the one limit they share: a customer who has had 10 codes refused in 10 minutes, on any of
 * them, is answered 429 before the code is looked up, so no path is left for guessing. The trial is counted on `db`
 * before `attempt` runs, outside any transaction of it, and given back unless the code was refused: a refusal always
 * counts (a rolled-back transaction takes nothing with it), and requests sent at once cannot all slip under the limit.
 */
export async function withCodeTrial<T>(db: Executor, customerId: string, attempt: () => Promise<T>): Promise<T> {
  const key = codeTrialKey(customerId);
  const trial = await countAttempt(db, key, CODE_TRIAL_LIMIT);
  if (!trial.allowed) {
    await giveBackAttempt(db, key, trial, CODE_TRIAL_LIMIT);
    throw new AppError("promotion_code_rate_limited");
  }
  try {
    const result = await attempt();
    await giveBackAttempt(db, key, trial, CODE_TRIAL_LIMIT);
    return result;
  } catch (error) {
    if (!isRefusedCode(error)) await giveBackAttempt(db, key, trial, CODE_TRIAL_LIMIT);
    throw error;
  }
}
