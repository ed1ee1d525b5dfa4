import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { href, Link, useNavigate } from "react-router";
import { CUSTOMER_LOGIN } from "~/lib/http/paths";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { resetPassword } from "~/lib/auth/auth-api";
import { resetPasswordFormSchema } from "~/features/auth/auth.schemas";
import { resetLinkInvalidMessage, resetPasswordErrorMessage } from "~/features/auth/auth-refusals";
import { AuthCard } from "~/features/auth/components/auth-card";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Reset password" }];

/** The token from the e-mailed link; Better Auth checks it (single use, one hour) when the form is sent. */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return {
    token: /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : "",
    title: requestContext(context).i18n._(msg`Reset password`),
  };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [form, fields] = useValidatedForm({
    schema: resetPasswordFormSchema,
    toastTitle: t`Error`,
    onValid(event, value) {
      event.preventDefault();
      void save(value.password);
    },
  });

  async function save(newPassword: string) {
    setPending(true);
    const result = await resetPassword({ token, newPassword });
    setPending(false);
    if (!result.ok) {
      notify.error(resetPasswordErrorMessage(result.error, i18n));
      return;
    }
    notify.success(t`Password updated. Please log in with your new password.`);
    navigate(CUSTOMER_LOGIN);
  }

  return (
    <AuthCard
      title={t`Choose a new password`}
      description={t`Your new password ends every signed-in session of your account.`}
    >
      {token ? (
        <form className="space-y-4" {...getFormProps(form)}>
          <Field
            id="password"
            label={t`New Password`}
            type="password"
            autoComplete="new-password"
            hint={t`At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.`}
            error={fields.password.errors?.[0]}
          />
          <Field
            id="confirmPassword"
            label={t`Confirm Password`}
            type="password"
            autoComplete="new-password"
            error={fields.confirmPassword.errors?.[0]}
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Saving...` : t`Reset Password`}
          </Button>
        </form>
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {resetLinkInvalidMessage(i18n)}
        </p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to={href("/forgot-password")} className="font-medium text-blue-700 hover:underline">
          <Trans>Ask for a new link</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
