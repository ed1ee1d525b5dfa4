import { EmailText } from "~/components/email-text";
import { getFormProps } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { AuthCard } from "~/features/auth/components/auth-card";
import { acceptInvitation } from "~/features/team/accept-invitation.server";
import { getInvitation } from "~/features/team/get-invitation.server";
import { TEAM_ROLE_NAMES, type InvitationState } from "~/features/team/team-views";
import { acceptInvitationSchema } from "~/features/team/team.schemas";
import { formAction } from "~/lib/http/actions.server";
import { ADMIN_HOME, ADMIN_LOGIN } from "~/lib/http/paths";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Join the team" }];

/** Who the link invites, and as what, while it works; else why it does not (anyone holding the link may ask). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, user, i18n } = requestContext(context);
  const invitation = await getInvitation(services, user, { token: params.token });
  return { invitation, title: i18n._(msg`Join the team`) };
}

/**
 * Makes the invitee's account and signs it in: on to the back office with the new session's cookie (two-factor
 * enrolment first when the Security setting asks for it). A refusal answers its message in the page's language.
 */
export async function action(args: Route.ActionArgs) {
  return formAction(args, {
    schema: acceptInvitationSchema,
    run: ({ services, user, locale, request }, value) =>
      acceptInvitation(services, user, {
        ...value,
        token: args.params.token,
        language: locale,
        headers: request.headers,
      }),
    success: (_, { headers }) => {
      if (!headers) return redirect(ADMIN_LOGIN);
      const cookies = new Headers();
      for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
      return redirect(ADMIN_HOME, { headers: cookies });
    },
  });
}

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  const { t, i18n } = useLingui();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";
  useActionToast(useActionData<typeof action>());
  const [form, fields] = useValidatedForm({ schema: acceptInvitationSchema, toastTitle: t`Error` });

  if (invitation.state !== "valid") {
    return (
      <AuthCard title={t`Join the team`} description={t`Team invitation`}>
        <p role="alert" className="text-sm text-red-700">
          {i18n._(INVALID_MESSAGES[invitation.state])}
        </p>
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to={ADMIN_LOGIN} className="font-medium text-blue-700 hover:underline">
            <Trans>Go to the admin login</Trans>
          </Link>
        </p>
      </AuthCard>
    );
  }

  const email = invitation.email;
  const role = i18n._(TEAM_ROLE_NAMES[invitation.role]);
  return (
    <AuthCard
      title={t`Join the team`}
      description={t`You are invited as ${role}. Choose your name and password to create your account.`}
    >
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-800">{t`Email`}</p>
          <p className="text-sm text-slate-900" data-testid="invited-email">
            <EmailText email={email} />
          </p>
        </div>
        <Field id="name" label={t`Full Name`} autoComplete="name" error={fields.name.errors?.[0]} />
        <Field
          id="password"
          label={t`Password`}
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
          {pending ? t`Creating account...` : t`Create account`}
        </Button>
      </Form>
    </AuthCard>
  );
}

/** Why a link does not work, and what to do. */
const INVALID_MESSAGES: Record<Exclude<InvitationState, "valid">, MessageDescriptor> = {
  expired: msg`This invitation has expired. Ask an admin of your team to send it again.`,
  used: msg`This invitation has already been used. Sign in with your account.`,
  revoked: msg`This invitation was withdrawn. Ask an admin of your team for a new one.`,
  unknown: msg`This invitation link is not valid. Check that you opened the whole link from the e-mail.`,
};
