import { getFormProps } from "@conform-to/react";
import { useEffect, useState } from "react";
import { redirect, useNavigate, useSearchParams } from "react-router";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { fetchSessionUser, signIn, signOut } from "~/features/auth/auth-api";
import { adminLoginSchema, loginErrorMessage } from "~/features/auth/auth.schemas";
import { AuthCard } from "~/features/auth/components/auth-card";
import { ACCESS_DENIED_FLAG, ADMIN_HOME } from "~/lib/paths";
import { sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }];

export function loader({ context }: Route.LoaderArgs) {
  const user = sessionUser(context);
  if (user?.isAdmin) throw redirect(ADMIN_HOME);
  // A customer's session reaching this page only gets the message; it is not signed out here.
  return { signedInAsCustomer: Boolean(user) };
}

function accessDenied() {
  notify.error("You don't have admin privileges", "Access Denied");
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [pending, setPending] = useState(false);
  const denied = searchParams.has(ACCESS_DENIED_FLAG);

  useEffect(() => {
    if (!denied && !loaderData.signedInAsCustomer) return;
    accessDenied();
    if (denied) setSearchParams({}, { replace: true });
  }, [denied, loaderData.signedInAsCustomer, setSearchParams]);

  // The spec's admin login has one message for any missing field, in an 'Error' toast.
  const [form] = useValidatedForm({
    schema: adminLoginSchema,
    toastTitle: "Error",
    onValid(event, value) {
      event.preventDefault();
      void logIn(value);
    },
  });

  async function logIn(value: { email: string; password: string }) {
    setPending(true);
    try {
      const result = await signIn(value);
      if (!result.ok) {
        notify.error(loginErrorMessage(result.error));
        return;
      }
      const user = await fetchSessionUser();
      if (!user?.isAdmin) {
        await signOut();
        accessDenied();
        return;
      }
      notify.success("Welcome back, Admin");
      await navigate(ADMIN_HOME);
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title="Admin Login" description="Sign in to the back office.">
      <form className="space-y-4" {...getFormProps(form)}>
        <Field id="email" label="Email" type="email" autoComplete="username" />
        <Field id="password" label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Logging in..." : "Login"}
        </Button>
      </form>
    </AuthCard>
  );
}
