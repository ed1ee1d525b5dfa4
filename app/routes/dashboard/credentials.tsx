import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { acknowledgeCredentialsWarning } from "~/features/credentials/acknowledge-credentials-warning.server";
import { CredentialCard } from "~/features/credentials/components/credential-card";
import { CredentialsWarningDialog } from "~/features/credentials/components/credentials-warning-dialog";
import {
  cardErrorMessage,
  CREDENTIAL_CARDS,
  CREDENTIALS_TEXTS,
  credentialsPageFormSchema,
} from "~/features/credentials/credentials.schemas";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { requestContext } from "~/lib/http/request-context.server";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requireUser, services, sessionUser } from "~/lib/auth/route-guards.server";
import { data } from "react-router";
import type { Route } from "./+types/credentials";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Credentials" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const credentials = await listCredentials({ db: services(context).database.db }, user, { userId: user.id });
  return { ...credentials, title: requestContext(context).i18n._(msg`Credentials`) };
}

/** One card's form (`intent=save-card`) or the security warning's 'I Understand' (`intent=acknowledge-warning`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, secrets } = services(context);
  const { i18n } = requestContext(context);
  const actor = sessionUser(context);
  if (!actor) return data<ActionResult>({ ok: false, error: i18n._(CREDENTIALS_TEXTS.notSignedIn) }, { status: 401 });
  const parsed = await parseForm(request, credentialsPageFormSchema);
  if (!parsed.ok) {
    const type = parsed.reply.initialValue?.credentialType;
    const card = CREDENTIAL_CARDS.find((spec) => spec.type === type);
    return formFailure({ error: card ? cardErrorMessage(card.type, parsed.error, (descriptor) => i18n._(descriptor)) : parsed.error });
  }
  const input = parsed.value;
  try {
    if (input.intent === "acknowledge-warning") {
      await acknowledgeCredentialsWarning({ db: database.db }, actor);
      return { ok: true } satisfies ActionResult;
    }
    const { intent: _intent, credentialType, ...fields } = input;
    await saveCredentials({ db: database.db, bus, secrets }, actor, {
      userId: actor.id,
      editor: "customer",
      cards: [{ type: credentialType, ...fields }],
    });
    return { ok: true } satisfies ActionResult;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return actionFailure(error, i18n);
    console.error("Failed to save credentials:", error);
    return data<ActionResult>({ ok: false, error: i18n._(CREDENTIALS_TEXTS.saveFailed) }, { status: 500 });
  }
}

export default function CredentialsPage({ loaderData }: Route.ComponentProps) {
  const { cards, warningAcknowledged } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Credentials`} description={t`Domain, hosting and Google Business access for our team.`} />
      <div className="grid gap-6 xl:grid-cols-2">
        {CREDENTIAL_CARDS.map((spec) => (
          <CredentialCard key={spec.type} spec={spec} card={cards.find((card) => card.type === spec.type)!} />
        ))}
      </div>
      <CredentialsWarningDialog acknowledged={warningAcknowledged} />
    </>
  );
}
