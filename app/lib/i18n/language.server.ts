import type { I18n } from "@lingui/core";
import { eq, inArray } from "drizzle-orm";
import { user as users } from "~db/schema";
import type { Executor } from "../db/db.server";
import { i18nFor } from "./instances.server";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";

/**
 * A user's language for what is sent to them when they are not asking (the password reset e-mail; notifications
 * and their e-mails go through i18nOfUsers): their saved choice, else English.
 */
export async function languageOfUser(db: Executor, userId: string): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return isLocale(row?.language) ? row.language : DEFAULT_LOCALE;
}

/**
 * The i18n instance of each of several users (one query), for texts written for each in their own language:
 * `const i18nOf = await i18nOfUsers(tx, ids); i18nOf(id)._(msg\`...\`)`. Unknown users and no choice: English.
 */
export async function i18nOfUsers(executor: Executor, userIds: readonly string[]): Promise<(userId: string) => I18n> {
  const ids = [...new Set(userIds)];
  const rows =
    ids.length === 0
      ? []
      : await executor.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
  const languages = new Map(rows.map((row) => [row.id, isLocale(row.language) ? row.language : DEFAULT_LOCALE]));
  return (userId) => i18nFor(languages.get(userId) ?? DEFAULT_LOCALE);
}
