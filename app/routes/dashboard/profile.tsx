import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { changePassword } from "~/features/profile/change-password.server";
import { DataExportCard } from "~/features/data-export/components/data-export-card";
import { REQUEST_DATA_EXPORT_INTENT, requestDataExportSchema } from "~/features/data-export/data-export.schemas";
import { getDataExport } from "~/features/data-export/get-data-export.server";
import { requestDataExport } from "~/features/data-export/request-data-export.server";
import { AvatarUpload } from "~/features/profile/components/avatar-upload";
import { ChangePasswordForm } from "~/features/profile/components/change-password-form";
import {
  ACCOUNT_DELETED_PATH,
  DELETE_ACCOUNT_INTENT,
  WITHDRAW_DELETION_INTENT,
} from "~/features/account-deletion/account-deletion";
import { deleteAccountSchema } from "~/features/account-deletion/account-deletion.schemas";
import { deleteOwnAccount } from "~/features/account-deletion/delete-own-account.server";
import { withdrawDeletionRequest } from "~/features/account-deletion/withdraw-deletion-request.server";
import { DeleteAccountCard } from "~/features/account-deletion/components/delete-account-card";
import { getOwnDeletionStatus } from "~/features/account-deletion/get-own-deletion-status.server";
import { PersonalInfoForm } from "~/features/profile/components/personal-info-form";
import { getProfile } from "~/features/profile/get-profile.server";
import { EmailPreferencesForm } from "~/features/profile/components/email-preferences-form";
import { updateEmailPreferences } from "~/features/profile/update-email-preferences.server";
import {
  avatarFormSchema,
  CHANGE_PASSWORD_INTENT,
  changePasswordSchema,
  EMAIL_PREFERENCES_INTENT,
  emailPreferencesSchema,
  personalInfoSchema,
  UPDATE_PROFILE_INTENT,
  UPLOAD_AVATAR_INTENT,
} from "~/features/profile/profile.schemas";
import { updateAvatar } from "~/features/profile/update-avatar.server";
import { updateProfile } from "~/features/profile/update-profile.server";
import { form, intentAction } from "~/lib/http/actions.server";
import { requestContext } from "~/lib/http/request-context.server";
import { requireActor } from "~/lib/auth/actor-guards";
import { requireUser } from "~/lib/auth/route-guards.server";
import type { SessionUser } from "~/lib/auth/session";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Profile" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { services, i18n } = requestContext(context);
  return {
    profile: await getProfile(services, user),
    dataExport: await getDataExport(services, user),
    deletion: await getOwnDeletionStatus(services, user),
    title: i18n._(msg`Profile`),
  };
}

/** The account's own forms are refused (401) to a post without a session before any field is read. */
const signedIn = ({ user }: { user: SessionUser | null }) => requireActor(user);

/** The Set-Cookie headers of an auth answer, as a response's headers. */
function cookiesOf(headers: Headers): Headers {
  const cookies = new Headers();
  for (const cookie of headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  return cookies;
}

/** The forms this page's action takes (the matrix tries each). */
export const intents = [
  UPDATE_PROFILE_INTENT,
  EMAIL_PREFERENCES_INTENT,
  UPLOAD_AVATAR_INTENT,
  CHANGE_PASSWORD_INTENT,
  REQUEST_DATA_EXPORT_INTENT,
  DELETE_ACCOUNT_INTENT,
  WITHDRAW_DELETION_INTENT,
] as const;

/**
 * The page's forms, by `intent`: update-profile, change-password, upload-avatar (multipart), email-preferences,
 * request-data-export (each toast's words are the form's own, in the browser), delete-account, and withdraw-deletion
 * (a deletion request still waiting for the agency).
 */
export async function action(args: Route.ActionArgs) {
  return intentAction(args, intents, {
    [UPDATE_PROFILE_INTENT]: form({
      guard: signedIn,
      schema: personalInfoSchema,
      run: ({ services, user }, { intent: _intent, ...fields }) => updateProfile(services, user, fields),
    }),
    [EMAIL_PREFERENCES_INTENT]: form({
      guard: signedIn,
      schema: emailPreferencesSchema,
      run: ({ services, user }, { emailUpdates, reminders }) =>
        updateEmailPreferences(services, user, { emailUpdates, reminders }),
    }),
    [UPLOAD_AVATAR_INTENT]: form({
      guard: signedIn,
      schema: avatarFormSchema,
      run: async ({ services, user }, { avatar }) => {
        await updateAvatar(services, user, { avatar });
      },
    }),
    [CHANGE_PASSWORD_INTENT]: form({
      guard: signedIn,
      schema: changePasswordSchema,
      run: ({ services, user, request }, { currentPassword, newPassword }) =>
        changePassword(services, user, {
          currentPassword,
          newPassword,
          confirmPassword: newPassword,
          headers: request.headers,
        }),
      // The new session's cookie replaces the old one.
      success: (_, changed) => data({ ok: true as const }, { headers: cookiesOf(changed) }),
    }),
    [REQUEST_DATA_EXPORT_INTENT]: form({
      guard: signedIn,
      schema: requestDataExportSchema,
      run: async ({ services, user, request }, { password }) => {
        await requestDataExport(services, user, { password, headers: request.headers });
      },
    }),
    // Deleted: the browser's session cookie is cleared too and it goes to the page that says so; held back for the
    // agency (a pending payment or job): a toast says the request waits. A wrong password is named beside its field.
    [DELETE_ACCOUNT_INTENT]: form({
      schema: deleteAccountSchema,
      run: ({ services, user, request }, value) =>
        deleteOwnAccount(services, user, {
          ...value,
          headers: request.headers,
        }),
      success: async ({ services, i18n, request }, { outcome }) => {
        if (outcome === "requested") {
          return {
            ok: true as const,
            title: i18n._(msg`Deletion requested`),
            message: i18n._(
              msg`The agency confirms it first, because of your pending payment or job. You will hear from us by e-mail.`,
            ),
          };
        }
        // The account's sessions went with it; this browser's cookie is cleared as at a sign-out.
        const { headers } = await services.auth.api.signOut({ headers: request.headers, returnHeaders: true });
        return redirect(ACCOUNT_DELETED_PATH, { headers: cookiesOf(headers) });
      },
    }),
    [WITHDRAW_DELETION_INTENT]: form({
      run: ({ services, user }) => withdrawDeletionRequest(services, user),
      success: ({ i18n }) => ({
        ok: true,
        title: i18n._(msg`Request withdrawn`),
        message: i18n._(msg`Your account stays as it is.`),
      }),
    }),
  });
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
            <EmailPreferencesForm emailUpdates={profile.emailUpdates} reminders={profile.reminders} />
          </CardContent>
        </Card>
        {loaderData.dataExport.available ? (
          <Card>
            <CardHeader>
              <CardTitle>
                <Trans>Your data</Trans>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <DataExportCard view={loaderData.dataExport} />
            </CardContent>
          </Card>
        ) : null}
        <DeleteAccountCard status={loaderData.deletion} />
      </div>
    </>
  );
}
