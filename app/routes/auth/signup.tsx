import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { signUp } from "~/lib/auth/auth-api";
import { PASSWORD_TOO_COMMON_CODE, SIGNUP_INLINE_FIELDS, signupFormSchema } from "~/features/auth/auth.schemas";
import { signupErrorMessage } from "~/features/auth/auth-refusals";
import { AuthCard } from "~/features/auth/components/auth-card";
import { formatUsPhone, PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import { afterSignUpPath, CUSTOMER_LOGIN, LEAD_TOKEN_PARAM } from "~/lib/http/paths";
import { readSignUpInvitation } from "~/features/leads/link-lead.server";
import type { SignUpInvitation } from "~/features/leads/link-lead";
import { requestContext } from "~/lib/http/request-context.server";
import { MaintenancePage } from "~/features/settings/components/maintenance-page";
import { maintenanceFor } from "~/lib/auth/maintenance.server";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { legalPath } from "~/features/legal/legal-pages";
import { isLocale, languageCookie, localeFromCookie } from "~/lib/i18n/locales";
import type { Route } from "./+types/signup";

// The style sheet is inlined for a fast first paint (Lighthouse 100).
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Create account" }];

/** Marks the address an invitation was sent on to its lead's language: it is not sent round again. */
const LANGUAGE_SET_PARAM = "language-set";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, user, i18n, locale } = requestContext(context);
  const url = new URL(request.url);
  // Signed in already: on to the service ordered on the landing page, if one was.
  if (user) throw redirect(afterSignUpPath(url.searchParams));
  // Maintenance Mode: customers cannot sign in (the auth handler refuses them too), so the page says so.
  // A lead's invitation link fills the form with what they sent; a bad or expired one opens it empty.
  const [maintenance, invitation] = await Promise.all([
    maintenanceFor(services, user),
    readSignUpInvitation(services, url.searchParams.get(LEAD_TOKEN_PARAM)),
  ]);
  // The invitation opens in the language of the page the lead wrote from, unless the visitor chose one (the cookie).
  // Once: the flag keeps a browser that refuses the cookie from being sent round again.
  if (
    invitation &&
    invitation.language !== locale &&
    !localeFromCookie(request.headers.get("cookie")) &&
    !url.searchParams.has(LANGUAGE_SET_PARAM)
  ) {
    url.searchParams.set(LANGUAGE_SET_PARAM, "1");
    throw redirect(`${url.pathname}${url.search}`, {
      headers: { "Set-Cookie": languageCookie(invitation.language, url.protocol === "https:") },
    });
  }
  return { maintenance, invitation, title: i18n._(msg`Create account`) };
}

export default function SignupPage({ loaderData }: Route.ComponentProps) {
  const maintenance = loaderData.maintenance;
  if (maintenance)
    return <MaintenancePage supportEmail={maintenance.supportEmail} companyName={maintenance.companyName} />;
  return <Signup invitation={loaderData.invitation} />;
}

function Signup({ invitation }: { invitation: SignUpInvitation | null }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  // The service ordered on the landing page (its Order button) is where the new account goes first, to be paid.
  const [search] = useSearchParams();
  const [phone, setPhone] = useState(invitation?.phone ?? "");
  const [pending, setPending] = useState(false);
  // The server's refusal of the password itself (too common), shown under it until the password changes.
  const [passwordRefused, setPasswordRefused] = useState<string | null>(null);
  // Field messages show under their inputs; the password rules and the confirmation are also 'Error' toasts,
  // and their fields are marked too (the password for its rules, the confirmation for the mismatch).
  // Sign-up goes to Better Auth's handler, where its rate limit applies.
  const [form, fields] = useValidatedForm({
    schema: signupFormSchema,
    toastTitle: t`Error`,
    inlineOnly: SIGNUP_INLINE_FIELDS,
    onValid(event, value) {
      event.preventDefault();
      void createAccount(value);
    },
  });

  async function createAccount(value: {
    fullName: string;
    email: string;
    phone: string;
    companyName?: string;
    password: string;
  }) {
    setPending(true);
    const result = await signUp({
      name: value.fullName,
      email: value.email,
      phone: value.phone,
      companyName: value.companyName || undefined,
      password: value.password,
      // The account made from an invitation is linked to its lead.
      ...(invitation ? { leadToken: invitation.token } : {}),
    });
    setPending(false);
    if (!result.ok) {
      const message = signupErrorMessage(result.error, i18n);
      if (result.error.code === PASSWORD_TOO_COMMON_CODE) setPasswordRefused(message);
      notify.error(message);
      return;
    }
    notify.success(t`Account created successfully`);
    navigate(afterSignUpPath(search));
  }

  return (
    <AuthCard title={t`Create your account`} description={t`Get your business found online.`}>
      <form className="space-y-4" {...getFormProps(form)}>
        <Field
          id="fullName"
          label={t`Full Name`}
          autoComplete="name"
          defaultValue={invitation?.fullName}
          error={fields.fullName.errors?.[0]}
        />
        <Field
          id="email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          defaultValue={invitation?.email}
          error={fields.email.errors?.[0]}
        />
        <Field
          id="phone"
          label={t`Phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          value={phone}
          onChange={(event) => setPhone(formatUsPhone(event.target.value))}
          error={fields.phone.errors?.[0]}
        />
        <Field
          id="companyName"
          label={t`Company Name (optional)`}
          autoComplete="organization"
          defaultValue={invitation?.companyName}
          error={fields.companyName.errors?.[0]}
        />
        <Field
          id="password"
          label={t`Password`}
          type="password"
          autoComplete="new-password"
          hint={t`At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.`}
          error={fields.password.errors?.[0] ?? passwordRefused ?? undefined}
          onInput={() => setPasswordRefused(null)}
        />
        <Field
          id="confirmPassword"
          label={t`Confirm Password`}
          type="password"
          autoComplete="new-password"
          error={fields.confirmPassword.errors?.[0]}
        />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? t`Creating account...` : t`Create Account`}
        </Button>
        <SignUpAgreement />
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Trans>
          Already have an account?{" "}
          <Link to={CUSTOMER_LOGIN} className="font-medium text-blue-700 hover:underline">
            Login
          </Link>
        </Trans>
      </p>
    </AuthCard>
  );
}

/**
 * What creating an account agrees to, under the button (no check box: the form's fields stay the product's). The
 * pages open in a new tab, so what was typed in the form stays.
 */
function SignUpAgreement() {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : "en";
  const link = "font-medium text-blue-700 underline hover:text-blue-800";
  return (
    <p className="text-center text-xs text-slate-600">
      <Trans>
        By creating an account you agree to the{" "}
        <a
          href={legalPath("termsOfService", locale)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="signup-new-tab"
          className={link}
        >
          Terms
        </a>{" "}
        and the{" "}
        <a
          href={legalPath("privacyPolicy", locale)}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby="signup-new-tab"
          className={link}
        >
          Privacy Policy
        </a>
      </Trans>
      <span id="signup-new-tab" hidden>
        {t`Opens in a new tab`}
      </span>
    </p>
  );
}
