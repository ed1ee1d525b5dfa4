import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { resetPassword } from "~/features/auth/auth-api";
import { RESET_LINK_INVALID_MESSAGE, resetPasswordErrorMessage, resetPasswordFormSchema } from "~/features/auth/auth.schemas";
import { AuthCard } from "~/features/auth/components/auth-card";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Reset password" }];

/** The token from the e-mailed link; Better Auth checks it (single use, one hour) when the form is sent. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token: /^[A-Za-z0-9_-]{1,200}$/.test(token) ? token : "" };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { token } = loaderData;
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [form] = useValidatedForm({
    schema: resetPasswordFormSchema,
    toastTitle: "Error",
    onValid(event, value) {
      event.preventDefault();
      void save(value.password);
    },
  });

  async function save(newPassword: string) {
    setPending(true);
    const result = await resetPassword({ token, newPassword });
    setPending(false);
    if (!result.ok) {
      notify.error(resetPasswordErrorMessage(result.error));
      return;
    }
    notify.success("Password updated. Please log in with your new password.");
    navigate("/login");
  }

  return (
    <AuthCard title="Choose a new password" description="Your new password ends every signed-in session of your account.">
      {token ? (
        <form className="space-y-4" {...getFormProps(form)}>
          <Field
            id="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint="At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character."
          />
          <Field id="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? "Saving..." : "Reset Password"}
          </Button>
        </form>
      ) : (
        <p role="alert" className="text-sm text-red-700">
          {RESET_LINK_INVALID_MESSAGE}
        </p>
      )}
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/forgot-password" className="font-medium text-blue-700 hover:underline">
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
