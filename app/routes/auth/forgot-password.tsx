import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, redirect } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { requestPasswordReset } from "~/lib/auth/auth-api";
import { forgotPasswordSchema, resetRequestedMessage } from "~/features/auth/auth.schemas";
import { resetRequestRefusedMessage } from "~/features/auth/auth-refusals";
import { AuthCard } from "~/features/auth/components/auth-card";
import { CUSTOMER_HOME, CUSTOMER_LOGIN } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Forgot password" }];

export function loader({ context }: Route.LoaderArgs) {
  const { user, i18n } = requestContext(context);
  if (user) throw redirect(CUSTOMER_HOME);
  return { title: i18n._(msg`Forgot password`) };
}

export default function ForgotPasswordPage() {
  const { t, i18n } = useLingui();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  // Sent to Better Auth's handler (its rate limit applies there); the answer never says whether the address has an account.
  const [form, fields] = useValidatedForm({
    schema: forgotPasswordSchema,
    toastTitle: false,
    onValid(event, value) {
      event.preventDefault();
      void send(value.email);
    },
  });

  async function send(email: string) {
    setPending(true);
    const result = await requestPasswordReset(email);
    setPending(false);
    if (!result.ok && result.error.status === 429) {
      notify.error(resetRequestRefusedMessage(i18n));
      return;
    }
    setSent(true);
  }

  return (
    <AuthCard
      title={t`Forgot password`}
      description={t`Enter the email of your account and we will send you a link to choose a new password.`}
    >
      {sent ? (
        <p role="status" className="text-sm text-slate-700">
          {resetRequestedMessage()}
        </p>
      ) : (
        <form className="space-y-4" {...getFormProps(form)}>
          <Field id="email" label={t`Email`} type="email" autoComplete="email" error={fields.email.errors?.[0]} />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Sending...` : t`Send reset link`}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to={CUSTOMER_LOGIN} className="font-medium text-blue-700 hover:underline">
          <Trans>Back to Login</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
