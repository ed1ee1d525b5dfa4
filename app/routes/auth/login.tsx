import { useState, type FormEvent } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { signIn } from "~/features/auth/auth-api";
import { loginErrorMessage, loginSchema } from "~/features/auth/auth.schemas";
import { AuthCard } from "~/features/auth/components/auth-card";
import { CUSTOMER_HOME } from "~/lib/paths";
import { sessionUser } from "~/lib/route-guards.server";
import { useSiteConfig } from "~/lib/use-site-config";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Login" }];

export function loader({ context }: Route.LoaderArgs) {
  if (sessionUser(context)) throw redirect(CUSTOMER_HOME);
  return null;
}

export default function Login() {
  const navigate = useNavigate();
  const { email: agencyEmail, phone: agencyPhone } = useSiteConfig();
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as "email" | "password"] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    const result = await signIn(parsed.data);
    setPending(false);
    if (!result.ok) {
      notify.error(loginErrorMessage(result.error));
      return;
    }
    notify.success("Logged in successfully");
    navigate(CUSTOMER_HOME);
  }

  return (
    <AuthCard title="Welcome back" description="Log in to follow your projects.">
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <Field id="email" label="Email" type="email" autoComplete="email" error={errors.email} />
        <Field id="password" label="Password" type="password" autoComplete="current-password" error={errors.password} />
        <div className="flex justify-end">
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            onClick={() =>
              notify.info("Forgot password", `Contact us at ${agencyEmail} or ${agencyPhone} and we will reset it for you.`)
            }
          >
            Forgot password
          </Button>
        </div>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Logging in..." : "Login"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-medium text-blue-700 hover:underline">
          Sign Up
        </Link>
      </p>
    </AuthCard>
  );
}
