import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { changePassword } from "~/features/profile/change-password.server";
import { AvatarUpload } from "~/features/profile/components/avatar-upload";
import { ChangePasswordForm } from "~/features/profile/components/change-password-form";
import { PersonalInfoForm } from "~/features/profile/components/personal-info-form";
import { getProfile } from "~/features/profile/get-profile.server";
import { EmailPreferencesForm } from "~/features/profile/components/email-preferences-form";
import { updateEmailPreferences } from "~/features/profile/update-email-preferences.server";
import { PROFILE_TEXTS, profilePageFormSchema } from "~/features/profile/profile.schemas";
import { updateAvatar } from "~/features/profile/update-avatar.server";
import { updateProfile } from "~/features/profile/update-profile.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { requestContext } from "~/lib/http/request-context.server";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requireUser, services, sessionUser } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/profile";
import { AppError } from "~/lib/http/app-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Profile" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return {
    profile: await getProfile({ db: services(context).database.db }, user),
    title: requestContext(context).i18n._(msg`Profile`),
  };
}

const FAILURE: Record<string, MessageDescriptor> = {
  "update-profile": PROFILE_TEXTS.updateFailed,
  "change-password": PROFILE_TEXTS.passwordFailed,
  "upload-avatar": PROFILE_TEXTS.avatarFailed,
  "email-preferences": PROFILE_TEXTS.emailPreferencesFailed,
};

/** The page's forms, by `intent`: update-profile, change-password, upload-avatar (multipart), email-preferences. */
export async function action({ request, context }: Route.ActionArgs) {
  const { database, bus, storage, auth } = services(context);
  const actor = sessionUser(context);
  const { i18n } = requestContext(context);
  let intent = "";
  try {
    if (!actor) throw new AppError("not_signed_in");
    const parsed = await parseForm(request, profilePageFormSchema);
    if (!parsed.ok) return formFailure(parsed);
    const input = parsed.value;
    intent = input.intent;
    if (input.intent === "update-profile") {
      const { intent: _intent, ...fields } = input;
      await updateProfile({ db: database.db, bus }, actor, fields);
      return { ok: true } satisfies ActionResult;
    }
    if (input.intent === "email-preferences") {
      await updateEmailPreferences({ db: database.db, bus }, actor, { emailUpdates: input.emailUpdates });
      return { ok: true } satisfies ActionResult;
    }
    if (input.intent === "upload-avatar") {
      await updateAvatar({ db: database.db, bus, storage }, actor, { avatar: input.avatar });
      return { ok: true } satisfies ActionResult;
    }
    const headers = await changePassword({ auth }, actor, {
      currentPassword: input.currentPassword,
      newPassword: input.newPassword,
      confirmPassword: input.newPassword,
      headers: request.headers,
    });
    const cookies = new Headers();
    for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
    return data<ActionResult>({ ok: true }, { headers: cookies });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return actionFailure(error, i18n);
    console.error(`Profile action ${intent || "(unknown)"} failed:`, error);
    return data<ActionResult>({ ok: false, error: i18n._(FAILURE[intent] ?? PROFILE_TEXTS.updateFailed) }, { status: 500 });
  }
}

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageTitle title={t`Profile`} description={t`Your personal information and password.`} />
      <div className="grid max-w-3xl gap-6">
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Profile Picture</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <AvatarUpload name={profile.fullName} avatarUrl={profile.avatarUrl} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Personal Information</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <PersonalInfoForm profile={profile} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Change Password</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ChangePasswordForm />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <Trans>Email Updates</Trans>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <EmailPreferencesForm emailUpdates={profile.emailUpdates} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
