import { eq } from "drizzle-orm";
import { user as users } from "~db/schema";
import type { Db } from "../db.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/**
 * A user's language for what is sent to them when they are not asking (e-mails; app/lib/email-notifications.server.ts):
 * their saved choice, else English.
 */
export async function languageOfUser(db: Db, userId: string): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
}

/** Saves a signed-in user's choice on the account (the language switcher). */
export async function saveLanguage(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ language: locale }).where(eq(users.id, userId));
}
