import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { href, Link, redirect, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { signIn } from "~/lib/auth/auth-api";
import { loginSchema } from "~/features/auth/auth.schemas";
import { loginErrorMessage } from "~/features/auth/auth-refusals";
import { AuthCard } from "~/features/auth/components/auth-card";
import { afterLoginPath, LOGIN_NEXT_PARAM } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import { MaintenancePage } from "~/features/settings/components/maintenance-page";
import { maintenanceFor } from "~/lib/auth/maintenance.server";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import type { Route } from "./+types/login";

// The style sheet is inlined for a fast first paint (Lighthouse 100).
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Login" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  // A portal page that asked for the sign-in first (a link in an e-mail): the customer goes there afterwards.
  const next = afterLoginPath(new URL(request.url).searchParams.get(LOGIN_NEXT_PARAM));
  if (user) throw redirect(next);
  // Maintenance Mode: customers cannot sign in (the auth handler refuses them too), so the page says so.
  return {
    maintenance: await maintenanceFor(services, user),
    next,
    title: i18n._(msg`Login`),
  };
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const maintenance = loaderData.maintenance;
  if (maintenance)
    return <MaintenancePage supportEmail={maintenance.supportEmail} companyName={maintenance.companyName} />;
  return <Login next={loaderData.next} />;
}

function Login({ next }: { next: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  // Login's messages show under the fields only, never in a toast. Sign-in goes to Better Auth's handler (its rate
  // limit applies there), so the valid form is sent by fetch rather than to a page action.
  const [form, fields] = useValidatedForm({
    schema: loginSchema,
    toastTitle: false,
    onValid(event, value) {
      event.preventDefault();
      void logIn(value);
    },
  });

  async function logIn(value: { email: string; password: string }) {
    setPending(true);
    const result = await signIn(value);
    setPending(false);
    if (!result.ok) {
      notify.error(loginErrorMessage(result.error, i18n));
      return;
    }
    notify.success(t`Logged in successfully`);
    navigate(next);
  }

  return (
    <AuthCard title={t`Welcome back`} description={t`Log in to follow your projects.`}>
      <form className="space-y-4" {...getFormProps(form)}>
        <Field id="email" label={t`Email`} type="email" autoComplete="email" error={fields.email.errors?.[0]} />
        <Field
          id="password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          error={fields.password.errors?.[0]}
        />
        <div className="flex justify-end">
          <Button asChild variant="link" className="h-auto p-0">
            <Link to={href("/forgot-password")}>
              <Trans>Forgot password</Trans>
            </Link>
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t`Logging in...` : t`Login`}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Trans>
          Don&apos;t have an account?{" "}
          <Link to={href("/signup")} className="font-medium text-blue-700 hover:underline">
            Sign Up
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}
