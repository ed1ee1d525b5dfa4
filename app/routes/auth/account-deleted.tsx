import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { AuthCard } from "~/features/auth/components/auth-card";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/account-deleted";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Account deleted" }];

export function loader({ context }: Route.LoaderArgs) {
  return { title: requestContext(context).i18n._(msg`Account deleted`) };
}

/** Where a customer lands once they deleted their account (their session went with it): what happened, and what stays. */
export default function AccountDeleted() {
  const { t } = useLingui();
  return (
    <AuthCard title={t`Your account has been deleted`} description={t`You have been signed out.`}>
      <div className="space-y-4 text-sm text-slate-700" data-testid="account-deleted">
        <p className="flex gap-2">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>
            <Trans>
              Your profile, information forms, credentials, messages, files and notifications have been erased. We sent
              a confirmation to your e-mail address.
            </Trans>
          </span>
        </p>
        <p>
          <Trans>
            The records of your payments are kept for bookkeeping, without your name, e-mail, phone or files.
          </Trans>
        </p>
        <p className="text-center">
          <Link to="/" className="font-medium text-blue-700 hover:underline">
            <Trans>Return to Home</Trans>
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
