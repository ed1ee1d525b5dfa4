import { getFormProps } from "@conform-to/react";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { formatUsPhone, PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import type { ActionResult } from "~/lib/http/forms";
import type { ProfileView } from "../profile-views";
import { personalInfoSchema, PROFILE_TEXTS, UPDATE_PROFILE_INTENT } from "../profile.schemas";

export function PersonalInfoForm({ profile }: { profile: ProfileView }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const saving = fetcher.state !== "idle";
  const [phone, setPhone] = useState(formatUsPhone(profile.phone));
  useActionToast(fetcher.data, { success: { title: i18n._(PROFILE_TEXTS.updated) } });
  const [form, fields] = useValidatedForm({ schema: personalInfoSchema, id: "personal-info" });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
      <Field
        id="fullName"
        label={t`Full Name`}
        autoComplete="name"
        defaultValue={profile.fullName}
        error={fields.fullName.errors?.[0]}
      />
      <Field id="email" label={t`Email`} type="email" value={profile.email} readOnly className="bg-slate-100" name="" />
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
        label={t`Company Name`}
        autoComplete="organization"
        defaultValue={profile.companyName}
        error={fields.companyName.errors?.[0]}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? t`Saving...` : t`Save Changes`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
