import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import type { ActionResult } from "~/lib/http/forms";
import { CHANGE_PASSWORD_INTENT, changePasswordSchema, PROFILE_TEXTS } from "../profile.schemas";

export function ChangePasswordForm() {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher.data, {
    success: { title: i18n._(PROFILE_TEXTS.passwordChanged) },
    onSuccess: () => formRef.current?.reset(),
  });
  const [form, fields] = useValidatedForm({ schema: changePasswordSchema, id: "change-password" });
  return (
    <fetcher.Form ref={formRef} method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={CHANGE_PASSWORD_INTENT} />
      <Field
        id="currentPassword"
        label={t`Current Password`}
        type="password"
        autoComplete="current-password"
        error={fields.currentPassword.errors?.[0]}
      />
      <Field
        id="newPassword"
        label={t`New Password`}
        type="password"
        autoComplete="new-password"
        hint={t`At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character.`}
        error={fields.newPassword.errors?.[0]}
      />
      <Field
        id="confirmPassword"
        label={t`Confirm Password`}
        type="password"
        autoComplete="new-password"
        error={fields.confirmPassword.errors?.[0]}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? t`Changing...` : t`Change Password`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
