import { AdminCredentialsTab } from "~/features/credentials/components/admin-credentials-tab";
import {
  adminCredentialsFormSchema,
  cardErrorMessage,
  cardOfField,
  CREDENTIAL_CARDS,
  SAVE_CREDENTIALS_INTENT,
} from "~/features/credentials/credentials.schemas";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { requestContext } from "~/lib/http/request-context.server";
import { tabShouldRevalidate } from "./revalidation";
import { TabError } from "./tab-error";
import type { Route } from "./+types/credentials";

/** The Credentials tab: the customer's three credential cards, secrets masked. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  try {
    const { cards } = await listCredentials(services, user, { userId: params.userId });
    return { cards };
  } catch (error) {
    loaderFailure(error, i18n);
  }
}

/** The forms this tab's action takes (the matrix tries each). */
export const intents = [SAVE_CREDENTIALS_INTENT] as const;

/** The one form for the three cards, saved together (audited). Any other intent is refused with 400. */
export async function action(args: Route.ActionArgs) {
  const { userId } = args.params;
  return intentAction(args, intents, {
    [SAVE_CREDENTIALS_INTENT]: form({
      schema: adminCredentialsFormSchema,
      // The fields are `domain.title`...: a refusal names its card.
      invalid: ({ error, reply }) => {
        const field = Object.keys(reply.error ?? {}).find((name) => reply.error?.[name]?.length) ?? "";
        const type = cardOfField(field);
        return type ? cardErrorMessage(type, error) : error;
      },
      run: ({ services, user }, value) =>
        saveCredentials(services, user, {
          userId,
          editor: "admin",
          cards: CREDENTIAL_CARDS.map(({ type }) => ({ type, ...(value[type] ?? {}) })),
        }),
    }),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function CredentialsTab({ loaderData }: Route.ComponentProps) {
  return <AdminCredentialsTab cards={loaderData.cards} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
