import type { RouterContextProvider } from "react-router";
import { sessionUserContext } from "../services.server";
import { chooseLocale, type Locale } from "./locales";

// The catalogs and each language's instance live in instances.server.ts (no import of the services: e-mail code uses them).
export { CATALOGS, i18nFor } from "./instances.server";

/** The language a request is answered in: the signed-in user's saved choice, the cookie, Accept-Language, English. */
export function requestLocale(request: Request, context: Readonly<RouterContextProvider>): Locale {
  let saved: string | null = null;
  try {
    saved = context.get(sessionUserContext)?.language ?? null;
  } catch {
    // Build-time pre-rendering: no session middleware ran.
  }
  return chooseLocale(saved, request.headers);
}
