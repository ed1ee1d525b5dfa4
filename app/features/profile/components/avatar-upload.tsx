import { getFormProps } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Camera } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { useActionToast } from "~/components/forms/use-action-toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { initials } from "~/features/users/initials";
import type { ActionResult } from "~/lib/http/forms";
import { avatarFormSchema, PROFILE_TEXTS, UPLOAD_AVATAR_INTENT } from "../profile.schemas";

/**
 * Click-to-upload avatar: choosing a file sends it at once. The browser checks type and size first ('Please
 * select a valid image', 'Image must be smaller than 2MB'); the server checks the bytes.
 */
export function AvatarUpload({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploading = fetcher.state !== "idle";
  const reset = () => {
    if (inputRef.current) inputRef.current.value = "";
  };
  useActionToast(fetcher.data, {
    success: { title: i18n._(PROFILE_TEXTS.avatarUpdated) },
    onSuccess: reset,
    onFailure: reset,
  });
  const [form] = useValidatedForm({ schema: avatarFormSchema, id: "avatar-form" });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      className="flex items-center gap-4"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={UPLOAD_AVATAR_INTENT} />
      <input
        ref={inputRef}
        id="avatar"
        name="avatar"
        type="file"
        accept="image/*"
        className="peer sr-only"
        disabled={uploading}
        onChange={(event) => {
          if (event.currentTarget.files?.length) formRef.current?.requestSubmit();
        }}
      />
      <label
        htmlFor="avatar"
        className="relative grid size-24 shrink-0 cursor-pointer place-items-center overflow-hidden rounded-full bg-blue-100 text-2xl font-semibold text-blue-800 peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600 peer-focus-visible:ring-offset-2"
      >
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt=""
            width={96}
            height={96}
            className="size-full object-cover"
            data-testid="profile-avatar"
          />
        ) : (
          <span aria-hidden="true">{initials(name) || "U"}</span>
        )}
        <span className="absolute inset-x-0 bottom-0 flex justify-center bg-slate-900/60 py-1 text-white">
          <Camera aria-hidden="true" className="size-4" />
        </span>
        <span className="sr-only">{t`Profile picture`}</span>
      </label>
      <div className="text-sm text-slate-600">
        <p className="font-medium text-slate-900">{uploading ? t`Uploading...` : t`Click the picture to change it`}</p>
        <p>
          <Trans>JPEG, PNG or WebP, up to 2MB.</Trans>
        </p>
      </div>
    </fetcher.Form>
  );
}
