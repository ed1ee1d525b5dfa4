import type { I18n } from "@lingui/core";
import { AppError } from "./app-error";
import { actionFailure } from "./error-answer.server";

/** A page's forms by intent: what each does with its posted fields. */
type IntentTable = Readonly<Record<string, (form: FormData) => unknown>>;

/**
 * The action of a page with several forms: each form posts its `intent`, and the page's table names what each
 * one does. An intent the table does not have is refused (400) rather than handed to a default branch, so a
 * stray or forged post never reaches another form's work.
 */
export async function dispatchIntent<Table extends IntentTable>(request: Request, i18n: I18n, table: Table) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return actionFailure(new AppError("invalid_request"), i18n);
  }
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(table, intent)) return actionFailure(new AppError("unknown_intent"), i18n);
  return (await table[intent]!(form)) as Awaited<ReturnType<Table[keyof Table]>>;
}
