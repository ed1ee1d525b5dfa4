import type { I18n } from "@lingui/core";
import type { z } from "zod";
import { actionFailure } from "./error-answer.server";
import { formFailure, parseForm } from "./forms.server";
import type { ActionResult } from "./forms";

/**
 * One intent of a page's table: its fields parsed by its schema, then its work; a form that does not parse answers
 * its first message (400), a refusal its message in the request's language.
 */
export function intentHandler(i18n: I18n) {
  return <S extends z.ZodType>(schema: S, work: (value: z.output<S>) => Promise<ActionResult>) =>
    async (form: FormData) => {
      const parsed = await parseForm(form, schema);
      if (!parsed.ok) return formFailure(parsed);
      try {
        return await work(parsed.value);
      } catch (error) {
        return actionFailure(error, i18n);
      }
    };
}
