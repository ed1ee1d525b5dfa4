import { getFormProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import QRCode from "qrcode";
import { useState } from "react";
import { redirect, useNavigate } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { enableTwoFactor, verifyTotp } from "~/lib/auth/auth-api";
import { twoFactorCodeSchema, twoFactorPasswordSchema } from "~/features/auth/auth.schemas";
import { AuthCard } from "~/features/auth/components/auth-card";
import { BackupCodes } from "~/features/auth/components/backup-codes";
import { useSignOut } from "~/features/auth/use-sign-out";
import { ACCESS_DENIED_FLAG, ADMIN_HOME, ADMIN_LOGIN } from "~/lib/http/paths";
import { isTeam } from "~/lib/auth/actor-guards";
import { requestContext } from "~/lib/http/request-context.server";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Two-Factor Authentication" },
];

/**
 * Two-factor enrolment, outside the admin layout (whose guard sends an un-enrolled admin here while the
 * Security setting Two-Factor is on). Only a signed-in admin without two-factor may use it.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { user, i18n } = requestContext(context);
  if (!user) throw redirect(ADMIN_LOGIN);
  if (!isTeam(user) && !user.mustEnrolTwoFactor) throw redirect(`${ADMIN_LOGIN}?${ACCESS_DENIED_FLAG}=1`);
  if (user.twoFactorEnabled) throw redirect(ADMIN_HOME);
  return { email: user.email, title: i18n._(msg`Two-Factor Authentication`) };
}

type Step =
  | { kind: "password" }
  | { kind: "scan"; qr: string; secret: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get("secret") ?? "";
}

export default function TwoFactorSetup({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const email = loaderData.email;
  const navigate = useNavigate();
  const signOut = useSignOut(ADMIN_LOGIN);
  const [step, setStep] = useState<Step>({ kind: "password" });
  const [pending, setPending] = useState(false);

  const [passwordForm] = useValidatedForm({
    schema: twoFactorPasswordSchema,
    id: "two-factor-password",
    toastTitle: t`Error`,
    onValid(event, value) {
      event.preventDefault();
      void start(value.password);
    },
  });
  const [codeForm] = useValidatedForm({
    schema: twoFactorCodeSchema,
    id: "two-factor-confirm",
    toastTitle: t`Error`,
    onValid(event, value) {
      event.preventDefault();
      void confirm(value.code);
    },
  });

  async function start(password: string) {
    setPending(true);
    try {
      const result = await enableTwoFactor(password);
      if (!result.ok || !result.data) {
        notify.error(result.ok ? t`Could not start two-factor setup` : (result.error.message ?? t`Invalid password`));
        return;
      }
      const svg = await QRCode.toString(result.data.totpURI, { type: "svg", margin: 1 });
      setStep({
        kind: "scan",
        qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
        secret: secretOf(result.data.totpURI),
        backupCodes: result.data.backupCodes,
      });
    } finally {
      setPending(false);
    }
  }

  async function confirm(code: string) {
    if (step.kind !== "scan") return;
    setPending(true);
    try {
      const result = await verifyTotp(code);
      if (!result.ok) {
        // INVALID_TWO_FACTOR_CODE in the page's language.
        notify.error(t`Invalid code`);
        return;
      }
      notify.success(t`Two-factor authentication is on`);
      setStep({ kind: "codes", backupCodes: step.backupCodes });
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard
      title={t`Two-Factor Authentication`}
      description={t`Admin accounts must use two-factor sign-in. Set it up for ${email}.`}
    >
      {step.kind === "password" ? (
        <form className="space-y-4" {...getFormProps(passwordForm)}>
          <Field id="password" label={t`Password`} type="password" autoComplete="current-password" />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Starting...` : t`Set up two-factor`}
          </Button>
          <Button type="button" variant="ghost" className="w-full" onClick={() => void signOut()}>
            {t`Logout`}
          </Button>
        </form>
      ) : null}
      {step.kind === "scan" ? (
        <form className="space-y-4" {...getFormProps(codeForm)}>
          <p className="text-sm text-slate-700">{t`Scan this QR code with your authenticator app, or enter the secret by hand.`}</p>
          <img src={step.qr} alt={t`QR code for your authenticator app`} className="mx-auto size-48" />
          <p className="text-sm text-slate-700">
            {t`Secret:`}{" "}
            <code className="break-all font-mono" data-testid="two-factor-secret">
              {step.secret}
            </code>
          </p>
          <Field id="code" label={t`Authentication code`} autoComplete="one-time-code" inputMode="numeric" />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Verifying...` : t`Verify`}
          </Button>
        </form>
      ) : null}
      {step.kind === "codes" ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {t`Save these backup codes somewhere safe. Each works once, and they are not shown again.`}
          </p>
          <BackupCodes codes={step.backupCodes} email={email} />
          <Button type="button" className="w-full" onClick={() => void navigate(ADMIN_HOME)}>
            {t`Continue`}
          </Button>
        </div>
      ) : null}
    </AuthCard>
  );
}
