import type { I18n } from "@lingui/core";
import { AppError } from "./app-error";
import { actionFailure } from "./error-answer.server";

/** A page's forms by intent: what each of the page's `intents` does with its posted fields, exactly those. */
type IntentTable<Names extends readonly string[]> = { readonly [Name in Names[number]]: (form: FormData) => unknown };

/**
 * A page's action as a table of bare handlers, each of which reads, refuses and answers its form itself (the
 * customer page's). A page's forms as specs, which leave all that to one skeleton, go through `intentAction`
 * (actions.server.ts). Each form posts its `intent`, and the page's table names what each one does. An intent the table does not have is refused (400) rather than handed to a default branch, so a
 * stray or forged post never reaches another form's work. The page exports its `intents` (the table must have
 * exactly those), so the authorization matrix tries each one as every role.
 */
export async function dispatchIntent<
  const Names extends readonly string[],
  // Exactly the page's intents: a handler for an intent not in the list is a type error too.
  Table extends IntentTable<Names> & Record<Exclude<keyof Table, Names[number]>, never>,
>(request: Request, i18n: I18n, _intents: Names, table: Table) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return actionFailure(new AppError("invalid_request"), i18n);
  }
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(table, intent))
    return actionFailure(new AppError("unknown_intent"), i18n);
  const handler = (table as Readonly<Record<string, (form: FormData) => unknown>>)[intent]!;
  return (await handler(form)) as Awaited<ReturnType<Table[keyof Table]>>;
}
