import { adminCredentialsAction } from "~/features/credentials/admin-credentials-action.server";
import { AdminCredentialsTab } from "~/features/credentials/components/admin-credentials-tab";
import { SAVE_CREDENTIALS_INTENT } from "~/features/credentials/credentials.schemas";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { loaderFailure } from "~/lib/http/error-answer.server";
import { dispatchIntent } from "~/lib/http/intents.server";
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
export async function action({ request, context, params }: Route.ActionArgs) {
  const { i18n, user: actor, services } = requestContext(context);
  const userId = params.userId;
  return dispatchIntent(request, i18n, intents, {
    [SAVE_CREDENTIALS_INTENT]: (form) => adminCredentialsAction(services, actor, { userId, form }, i18n),
  });
}

export const shouldRevalidate = tabShouldRevalidate;

export default function CredentialsTab({ loaderData }: Route.ComponentProps) {
  return <AdminCredentialsTab cards={loaderData.cards} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <TabError error={error} />;
}
