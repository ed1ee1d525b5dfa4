import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { fetchSessionUser, signIn, signOut, verifyBackupCode, verifyTotp } from "~/lib/auth/auth-api";
import { adminLoginSchema, twoFactorCodeSchema } from "~/features/auth/auth.schemas";
import { loginErrorMessage } from "~/features/auth/auth-refusals";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ACCESS_DENIED_FLAG, ADMIN_HOME } from "~/lib/http/paths";
import { isTeam } from "~/lib/auth/actor-guards";
import { requestContext } from "~/lib/http/request-context.server";
import { translate } from "~/lib/i18n/translate";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Admin Login" }];

export function loader({ context }: Route.LoaderArgs) {
  const { user, i18n } = requestContext(context);
  // A team member who must enrol in two-factor first goes on too: the admin guard sends them to enrolment.
  if (user && (isTeam(user) || user.mustEnrolTwoFactor)) throw redirect(ADMIN_HOME);
  // A customer's session reaching this page only gets the message; it is not signed out here.
  return { signedInAsCustomer: Boolean(user), title: i18n._(msg`Admin Login`) };
}

function accessDenied() {
  notify.error(translate(msg`You don't have admin privileges`), translate(msg`Access Denied`));
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [pending, setPending] = useState(false);
  // After the password: an account with two-factor is asked for a code (authenticator or backup code).
  const [codeStep, setCodeStep] = useState(false);
  const [useBackupCode, setUseBackupCode] = useState(false);
  const denied = searchParams.has(ACCESS_DENIED_FLAG);

  useEffect(() => {
    if (!denied && !loaderData.signedInAsCustomer) return;
    accessDenied();
    if (denied) setSearchParams({}, { replace: true });
  }, [denied, loaderData.signedInAsCustomer, setSearchParams]);

  // The admin login has one message for any missing field, in an 'Error' toast.
  const [form] = useValidatedForm({
    schema: adminLoginSchema,
    toastTitle: t`Error`,
    onValid(event, value) {
      event.preventDefault();
      void logIn(value);
    },
  });
  const [codeForm] = useValidatedForm({
    schema: twoFactorCodeSchema,
    id: "two-factor-code",
    toastTitle: t`Error`,
    onValid(event, value) {
      event.preventDefault();
      void checkCode(value.code);
    },
  });

  async function checkCode(code: string) {
    setPending(true);
    try {
      const result = await (useBackupCode ? verifyBackupCode(code) : verifyTotp(code));
      if (!result.ok) {
        // INVALID_TWO_FACTOR_CODE in the page's language.
        notify.error(t`Invalid code`);
        return;
      }
      await enter();
    } finally {
      setPending(false);
    }
  }

  async function enter() {
    const user = await fetchSessionUser();
    if (!user?.isTeam) {
      await signOut();
      accessDenied();
      return;
    }
    // Everyone is greeted by name (the start-up admin's is ADMIN_NAME, 'Admin' until it is set).
    const name = user.name.trim();
    notify.success(name ? t`Welcome back, ${name}` : t`Welcome back`);
    await navigate(ADMIN_HOME);
  }

  async function logIn(value: { email: string; password: string }) {
    setPending(true);
    try {
      const result = await signIn(value);
      if (!result.ok) {
        notify.error(loginErrorMessage(result.error, i18n));
        return;
      }
      if (result.data?.twoFactorRedirect) {
        setCodeStep(true);
        return;
      }
      await enter();
    } finally {
      setPending(false);
    }
  }

  if (codeStep) {
    // A key of its own: without it React would reuse the e-mail step's input element for the code, and the
    // code field would open holding the e-mail just typed. The browser must not offer the e-mail either.
    return (
      <AuthCard
        key="code-step"
        title={t`Admin Login`}
        description={t`Enter the code from your authenticator app, or one of your backup codes.`}
      >
        <form className="space-y-4" {...getFormProps(codeForm)}>
          <Field
            id="code"
            label={useBackupCode ? t`Backup code` : t`Authentication code`}
            autoComplete="one-time-code"
            inputMode={useBackupCode ? "text" : "numeric"}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            defaultValue=""
            autoFocus
          />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Verifying...` : t`Verify`}
          </Button>
          <Button type="button" variant="ghost" className="w-full" onClick={() => setUseBackupCode((value) => !value)}>
            {useBackupCode ? t`Use an authenticator code` : t`Use a backup code`}
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard key="password-step" title={t`Admin Login`} description={t`Sign in to the back office.`}>
      <form className="space-y-4" {...getFormProps(form)}>
        <Field id="email" label={t`Email`} type="email" autoComplete="username" />
        <Field id="password" label={t`Password`} type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t`Logging in...` : t`Login`}
        </Button>
      </form>
    </AuthCard>
  );
}
