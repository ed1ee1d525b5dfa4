import { redirect } from "react-router";
import { z } from "zod";
import { saveLanguage } from "~/features/profile/save-language.server";
import { LOCALES, languageCookie, pageAfterSwitch } from "~/lib/i18n/locales";
import { AppError } from "~/lib/http/app-error";
import { formAction } from "~/lib/http/actions.server";
import { sitePath } from "~/lib/http/paths";
import type { Route } from "./+types/language";

const languageSchema = z.object({
  language: z.enum(LOCALES),
  redirectTo: z.string().optional(),
});

/**
 * The language switcher (landing, portal and admin headers): keeps a visitor's choice in a cookie, and a
 * signed-in user's on the account too (so it follows them to other browsers and into their e-mails, and
 * outlives sign-out in this browser). Works without JavaScript: a plain form post, then back to the page.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    schema: languageSchema,
    run: async ({ services, user }, { language, redirectTo }) => {
      // Only back to a page of this site: anything else is refused rather than quietly replaced.
      if (redirectTo !== undefined && redirectTo !== "" && sitePath(redirectTo) === null) {
        throw new AppError("invalid_redirect");
      }
      if (user) await saveLanguage(services, user.id, language);
    },
    success: ({ request }, _, { language, redirectTo }) => {
      const secure = new URL(request.url).protocol === "https:";
      return redirect(pageAfterSwitch(redirectTo, language), {
        headers: { "Set-Cookie": languageCookie(language, secure) },
      });
    },
  });
}
