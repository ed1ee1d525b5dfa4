import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { PageTitle } from "~/components/nav-shell";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { changePassword } from "~/features/profile/change-password.server";
import { DataExportCard } from "~/features/data-export/components/data-export-card";
import {
  DATA_EXPORT_TEXTS,
  REQUEST_DATA_EXPORT_INTENT,
  requestDataExportSchema,
} from "~/features/data-export/data-export.schemas";
import { getDataExport } from "~/features/data-export/get-data-export.server";
import { requestDataExport } from "~/features/data-export/request-data-export.server";
import { AvatarUpload } from "~/features/profile/components/avatar-upload";
import { ChangePasswordForm } from "~/features/profile/components/change-password-form";
import { DELETE_ACCOUNT_INTENT, WITHDRAW_DELETION_INTENT } from "~/features/account-deletion/account-deletion";
import {
  deleteAccountAction,
  withdrawDeletionAction,
} from "~/features/account-deletion/account-deletion-actions.server";
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
  PROFILE_TEXTS,
  UPDATE_PROFILE_INTENT,
  UPLOAD_AVATAR_INTENT,
} from "~/features/profile/profile.schemas";
import { updateAvatar } from "~/features/profile/update-avatar.server";
import { updateProfile } from "~/features/profile/update-profile.server";
import type { ActionResult } from "~/lib/http/forms";
import { formFailure, parseForm } from "~/lib/http/forms.server";
import { dispatchIntent } from "~/lib/http/intents.server";
import { requestContext } from "~/lib/http/request-context.server";
import type { SessionUser } from "~/lib/auth/session";
import type { z } from "zod";
import { actionFailure } from "~/lib/http/error-answer.server";
import { requireUser, services } from "~/lib/auth/route-guards.server";
import type { Route } from "./+types/profile";
import { AppError } from "~/lib/http/app-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "Profile" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return {
    profile: await getProfile({ db: services(context).database.db }, user),
    dataExport: await getDataExport({ db: services(context).database.db }, user),
    deletion: await getOwnDeletionStatus(services(context).database.db, user),
    title: requestContext(context).i18n._(msg`Profile`),
  };
}

/**
 * One of the page's forms: signed in, its fields parsed by its schema, then its work. A refusal answers its own
 * message; anything unexpected is logged and answers the form's own failure message with 500.
 */
function profileForm<S extends z.ZodType>(
  context: Route.ActionArgs["context"],
  schema: S,
  failed: MessageDescriptor,
  work: (actor: SessionUser, input: z.output<S>) => Promise<Headers | void>,
) {
  const { user: actor, i18n } = requestContext(context);
  return async (form: FormData) => {
    try {
      if (!actor) throw new AppError("not_signed_in");
      const parsed = await parseForm(form, schema);
      if (!parsed.ok) return formFailure(parsed);
      const headers = await work(actor, parsed.value);
      return data<ActionResult>({ ok: true }, headers ? { headers } : undefined);
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return actionFailure(error, i18n);
      console.error(`Profile action ${String(form.get("intent"))} failed:`, error);
      return data<ActionResult>({ ok: false, error: i18n._(failed) }, { status: 500 });
    }
  };
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
 * request-data-export, delete-account, and withdraw-deletion (a deletion request still waiting for the agency).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, i18n } = requestContext(context);
  const { database, bus, storage, auth } = services;
  return dispatchIntent(request, i18n, intents, {
    [UPDATE_PROFILE_INTENT]: profileForm(
      context,
      personalInfoSchema,
      PROFILE_TEXTS.updateFailed,
      async (actor, { intent: _intent, ...fields }) => {
        await updateProfile({ db: database.db, bus }, actor, fields);
      },
    ),
    [EMAIL_PREFERENCES_INTENT]: profileForm(
      context,
      emailPreferencesSchema,
      PROFILE_TEXTS.emailPreferencesFailed,
      async (actor, { emailUpdates }) => {
        await updateEmailPreferences({ db: database.db, bus }, actor, { emailUpdates });
      },
    ),
    [UPLOAD_AVATAR_INTENT]: profileForm(
      context,
      avatarFormSchema,
      PROFILE_TEXTS.avatarFailed,
      async (actor, { avatar }) => {
        await updateAvatar({ db: database.db, bus, storage }, actor, { avatar });
      },
    ),
    [CHANGE_PASSWORD_INTENT]: profileForm(
      context,
      changePasswordSchema,
      PROFILE_TEXTS.passwordFailed,
      async (actor, { currentPassword, newPassword }) => {
        const changed = await changePassword({ auth }, actor, {
          currentPassword,
          newPassword,
          confirmPassword: newPassword,
          headers: request.headers,
        });
        // The new session's cookie replaces the old one.
        const cookies = new Headers();
        for (const cookie of changed.getSetCookie()) cookies.append("Set-Cookie", cookie);
        return cookies;
      },
    ),
    [REQUEST_DATA_EXPORT_INTENT]: profileForm(
      context,
      requestDataExportSchema,
      DATA_EXPORT_TEXTS.requestFailed,
      async (actor, { password }) => {
        await requestDataExport({ db: database.db, bus, auth }, actor, { password, headers: request.headers });
      },
    ),
    // Deleted: a redirect to the page that says so (signed out); held back for the agency: a toast.
    [DELETE_ACCOUNT_INTENT]: (form) =>
      deleteAccountAction(services, requestContext(context).user, { form, request }, i18n),
    [WITHDRAW_DELETION_INTENT]: () => withdrawDeletionAction(services, requestContext(context).user, i18n),
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
            <EmailPreferencesForm emailUpdates={profile.emailUpdates} />
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
