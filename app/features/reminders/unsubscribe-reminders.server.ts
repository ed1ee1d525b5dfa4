import { eq } from "drizzle-orm";
import { profiles } from "~db/schema";
import { AppError } from "~/lib/http/app-error";
import { publishChanges } from "~/lib/realtime/realtime.server";
import { readUnsubscribeToken } from "./reminder-token.server";
import type { Deps } from "~/lib/services.server";

/**
 * A reminder e-mail's unsubscribe link (or the mail program's one-click button): turns off the reminders of the
 * customer its signed token names, without a sign-in. Doing it twice is the same as once; an account erased since
 * is nothing to turn off. Anything else than a token the server signed is refused.
 */
export async function unsubscribeReminders(
  { db, bus, env }: Pick<Deps, "db" | "bus" | "env">,
  token: unknown,
): Promise<void> {
  const userId = readUnsubscribeToken(env.AUTH_SECRET, token);
  if (!userId) throw new AppError("unsubscribe_link_invalid");
  const updated = await db
    .update(profiles)
    .set({ remindersOptOut: true })
    .where(eq(profiles.id, userId))
    .returning({ id: profiles.id });
  if (updated.length > 0) await publishChanges(bus, [{ table: "profiles", userId }]);
}

/** The customer an unsubscribe link names (null: not a token the server signed), for the page's language. */
export function unsubscribeTokenCustomer({ env }: Pick<Deps, "env">, token: unknown): string | null {
  return readUnsubscribeToken(env.AUTH_SECRET, token);
}
