import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { PageTitle } from "~/components/nav-shell";
import { acknowledgeCredentialsWarning } from "~/features/credentials/acknowledge-credentials-warning.server";
import { CredentialCard } from "~/features/credentials/components/credential-card";
import { CredentialsWarningDialog } from "~/features/credentials/components/credentials-warning-dialog";
import {
  ACKNOWLEDGE_WARNING_INTENT,
  cardErrorMessage,
  CREDENTIAL_CARDS,
  credentialCardFormSchema,
  CREDENTIALS_TEXTS,
  SAVE_CARD_INTENT,
} from "~/features/credentials/credentials.schemas";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { SessionUser } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requireUser, services } from "~/lib/auth/route-guards.server";
import { data } from "react-router";
import type { Route } from "./+types/credentials";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Credentials" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const credentials = await listCredentials({ db: services(context).database.db }, user, { userId: user.id });
  return { ...credentials, title: requestContext(context).i18n._(msg`Credentials`) };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [ACKNOWLEDGE_WARNING_INTENT, SAVE_CARD_INTENT] as const;

/** One card's form (`intent=save-card`) or the security warning's 'I Understand' (`intent=acknowledge-warning`). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, user: actor, i18n } = requestContext(context);
  const { database, bus, secrets } = services;
  // Signed in, then the form's work: a refusal answers its own message, anything unexpected 'Failed to save credentials'.
  const signedIn = (work: (actor: SessionUser) => Promise<ReturnType<typeof formFailure> | void>) => async () => {
    if (!actor) return data<ActionResult>({ ok: false, error: i18n._(CREDENTIALS_TEXTS.notSignedIn) }, { status: 401 });
    try {
      return (await work(actor)) ?? ({ ok: true } satisfies ActionResult);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return actionFailure(error, i18n);
      console.error("Failed to save credentials:", error);
      return data<ActionResult>({ ok: false, error: i18n._(CREDENTIALS_TEXTS.saveFailed) }, { status: 500 });
    }
  };
  return dispatchIntent(request, i18n, intents, {
    [ACKNOWLEDGE_WARNING_INTENT]: signedIn((actor) => acknowledgeCredentialsWarning({ db: database.db }, actor)),
    [SAVE_CARD_INTENT]: (form) =>
      signedIn(async (actor) => {
        const parsed = await parseForm(form, credentialCardFormSchema);
        if (!parsed.ok) {
          const card = CREDENTIAL_CARDS.find((spec) => spec.type === parsed.reply.initialValue?.credentialType);
          return formFailure({
            error: card ? cardErrorMessage(card.type, parsed.error, (descriptor) => i18n._(descriptor)) : parsed.error,
          });
        }
        const { intent: _intent, credentialType, ...fields } = parsed.value;
        await saveCredentials({ db: database.db, bus, secrets }, actor, {
          userId: actor.id,
          editor: "customer",
          cards: [{ type: credentialType, ...fields }],
        });
      })(),
  });
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
