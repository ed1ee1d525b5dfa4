import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Actor } from "~/lib/auth/session";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import type { Services } from "~/lib/services.server";
import { addDeliveredFile } from "./add-delivered-file.server";
import { addDeliveredFileFormSchema, removeDeliveredFileFormSchema } from "./delivered-files.schemas";
import { removeDeliveredFile } from "./remove-delivered-file.server";

type DeliveredFileServices = Pick<Services, "database" | "bus" | "storage">;

const depsOf = (services: DeliveredFileServices) => ({
  db: services.database.db,
  bus: services.bus,
  storage: services.storage,
});

/** The admin user page's 'Add file' (`intent=add-delivered-file`: service, file): a toast says the customer has it. */
export async function addDeliveredFileAction(
  services: DeliveredFileServices,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, addDeliveredFileFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await addDeliveredFile(depsOf(services), actor, { userId, service: parsed.value.service, file: form.get("file") });
    return {
      ok: true,
      title: i18n._(msg`File added`),
      message: i18n._(msg`The customer can download it now.`),
    } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}

/** The confirmed 'Remove' of a delivered file (`intent=remove-delivered-file`: fileId). */
export async function removeDeliveredFileAction(
  services: DeliveredFileServices,
  actor: Actor | null,
  { userId, form }: { userId: string; form: FormData },
  i18n: I18n,
) {
  const parsed = await parseForm(form, removeDeliveredFileFormSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await removeDeliveredFile(depsOf(services), actor, { userId, fileId: parsed.value.fileId });
    return { ok: true, title: i18n._(msg`File removed`) } satisfies ActionResult;
  } catch (error) {
    return actionFailure(error, i18n);
  }
}
