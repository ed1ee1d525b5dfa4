import { eq } from "drizzle-orm";
import { user as users } from "~db/schema";
import type { Locale } from "~/lib/i18n/locales";
import type { Deps } from "~/lib/services.server";

/** Saves a signed-in user's choice on the account (the language switcher). */
export async function saveLanguage({ db }: Pick<Deps, "db">, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ language: locale }).where(eq(users.id, userId));
}
