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
import { form, intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { SessionUser } from "~/lib/auth/session";
import { AppError } from "~/lib/http/app-error";
import { requireUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/credentials";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Credentials" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n } = requestContext(context);
  const credentials = await listCredentials(services, user, { userId: user.id });
  return { ...credentials, title: i18n._(msg`Credentials`) };
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [ACKNOWLEDGE_WARNING_INTENT, SAVE_CARD_INTENT] as const;

/** Both forms are refused to a post without a session, in the page's own words, before any field is read. */
const signedIn = ({ user }: { user: SessionUser | null }) => {
  if (!user) throw new AppError("not_signed_in", { message: CREDENTIALS_TEXTS.notSignedIn });
};

/** One card's form (`intent=save-card`) or the security warning's 'I Understand' (`intent=acknowledge-warning`). */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [ACKNOWLEDGE_WARNING_INTENT]: form({
      guard: signedIn,
      run: ({ services, user }) => acknowledgeCredentialsWarning(services, user),
    }),
    [SAVE_CARD_INTENT]: form({
      guard: signedIn,
      schema: credentialCardFormSchema,
      // A card's field message names the card it is on.
      invalid: ({ error, reply }, { i18n }) => {
        const card = CREDENTIAL_CARDS.find((spec) => spec.type === reply.initialValue?.credentialType);
        return card ? cardErrorMessage(card.type, error, (descriptor) => i18n._(descriptor)) : error;
      },
      run: ({ services, user }, { intent: _intent, credentialType, ...fields }) =>
        saveCredentials(services, user, {
          // The guard refused a post without a session.
          userId: user!.id,
          editor: "customer",
          cards: [{ type: credentialType, ...fields }],
        }),
    }),
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
