import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BellOff, CheckCircle2, XCircle } from "lucide-react";
import { Form, Link, href, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard } from "~/features/auth/components/auth-card";
import { unsubscribeReminders, unsubscribeTokenCustomer } from "~/features/reminders/unsubscribe-reminders.server";
import { AppError } from "~/lib/http/app-error";
import { requestContext, requestLanguage } from "~/lib/http/request-context.server";
import { languageOfUser } from "~/lib/i18n/language.server";
import type { Route } from "./+types/unsubscribe";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

// In the language of the customer the link names (their e-mail's), whatever the browser that opens it prefers.
export const middleware: Route.MiddlewareFunction[] = [
  requestLanguage(async (request, services) => {
    const userId = unsubscribeTokenCustomer(services, tokenOf(request));
    return userId ? languageOfUser(services.db, userId) : null;
  }),
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Reminders" },
  { name: "robots", content: "noindex" },
];

export function loader({ context, request }: Route.LoaderArgs) {
  const { services, i18n } = requestContext(context);
  return {
    title: i18n._(msg`Reminder e-mails`),
    valid: unsubscribeTokenCustomer(services, tokenOf(request)) !== null,
  };
}

/**
 * Turns the reminders off: the page's button, or a mail program's one-click unsubscribe (RFC 8058: a POST to the
 * List-Unsubscribe address with `List-Unsubscribe=One-Click`, no sign-in and no page). A GET never does it, so a mail
 * scanner that opens the link unsubscribes nobody.
 */
export async function action({ context, request }: Route.ActionArgs) {
  try {
    await unsubscribeReminders(requestContext(context).services, tokenOf(request));
    return { ok: true };
  } catch (error) {
    // The only refusal is a link the server did not sign: the page says so.
    if (error instanceof AppError) return { ok: false };
    throw error;
  }
}

/** A reminder e-mail's unsubscribe link, signed out: what it does, its button, and what was done. */
export default function UnsubscribeReminders({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const submitting = useNavigation().state === "submitting";
  const profile = (
    <Link to={href("/dashboard/profile")} className="font-medium text-blue-700 hover:underline">
      <Trans>your Profile page</Trans>
    </Link>
  );
  if (actionData?.ok) {
    return (
      <AuthCard title={t`Reminders are off`} description={t`We will not send you reminder e-mails any more.`}>
        <p className="flex gap-2 text-sm text-slate-700" data-testid="reminders-unsubscribed">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>
            <Trans>
              Other e-mails about your services still arrive. You can turn reminders back on from {profile}.
            </Trans>
          </span>
        </p>
      </AuthCard>
    );
  }
  if (!loaderData.valid || actionData?.ok === false) {
    return (
      <AuthCard title={t`This link does not work`} description={t`It may have been copied incompletely.`}>
        <p className="flex gap-2 text-sm text-slate-700" role="alert">
          <XCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
          <span>
            <Trans>Sign in and turn reminders off from {profile}.</Trans>
          </span>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t`Stop reminder e-mails?`}
      description={t`We send them when something waits on you: a payment, a form, an approval or a message.`}
    >
      <Form method="post" className="space-y-4">
        <p className="flex gap-2 text-sm text-slate-700">
          <BellOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <span>
            <Trans>Other e-mails about your services still arrive.</Trans>
          </span>
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {t`Stop reminders`}
        </Button>
      </Form>
    </AuthCard>
  );
}
