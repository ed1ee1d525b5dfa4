import { CATALOGS, i18nFor } from "./catalogs.server";
import type { Locale } from "./locales";

// English text -> message id, for the catalog's plain messages (no placeholders).
let englishIds: Map<string, string> | null = null;

function idOfEnglish(text: string): string | undefined {
  if (!englishIds) {
    englishIds = new Map();
    for (const [id, compiled] of Object.entries(CATALOGS.en)) {
      const plain = typeof compiled === "string" ? compiled : Array.isArray(compiled) && compiled.length === 1 ? compiled[0] : null;
      if (typeof plain === "string" && !englishIds.has(plain)) englishIds.set(plain, id);
    }
  }
  return englishIds.get(text);
}

/**
 * A message the server produced in English (a zod message re-checked on the server, where the shared Lingui
 * instance is English; a refusal's HttpError message) in another language: the catalog's translation of that
 * same English text, or the text unchanged when the catalog has no such plain message.
 */
export function localizeMessage(locale: Locale, english: string): string {
  if (locale === "en") return english;
  const id = idOfEnglish(english);
  return id ? i18nFor(locale)._(id) : english;
}
