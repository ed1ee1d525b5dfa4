import { useState, type FormEvent } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/input";
import { notify } from "~/components/ui/toast";
import { signUp } from "~/features/auth/auth-api";
import { signupErrorMessage, signupFieldsSchema, signupPasswordSchema } from "~/features/auth/auth.schemas";
import { AuthCard } from "~/features/auth/components/auth-card";
import { formatUsPhone, PHONE_INPUT_MAX_LENGTH } from "~/features/auth/phone";
import { CUSTOMER_HOME } from "~/lib/paths";
import { sessionUser } from "~/lib/route-guards.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Create account" }];

export function loader({ context }: Route.LoaderArgs) {
  if (sessionUser(context)) throw redirect(CUSTOMER_HOME);
  return null;
}

type FieldErrors = Partial<Record<"fullName" | "email" | "phone" | "companyName", string>>;

export default function Signup() {
  const navigate = useNavigate();
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    const fields = signupFieldsSchema.safeParse({
      fullName: value("fullName"),
      email: value("email"),
      phone: value("phone"),
      companyName: value("companyName"),
    });
    if (!fields.success) {
      const next: FieldErrors = {};
      for (const issue of fields.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const passwords = signupPasswordSchema.safeParse({
      password: value("password"),
      confirmPassword: value("confirmPassword"),
    });
    if (!passwords.success) {
      notify.error(passwords.error.issues[0]?.message ?? "Invalid password");
      return;
    }
    setPending(true);
    const result = await signUp({
      name: fields.data.fullName,
      email: fields.data.email,
      phone: fields.data.phone,
      companyName: fields.data.companyName || undefined,
      password: passwords.data.password,
    });
    setPending(false);
    if (!result.ok) {
      notify.error(signupErrorMessage(result.error));
      return;
    }
    notify.success("Account created successfully");
    navigate(CUSTOMER_HOME);
  }

  return (
    <AuthCard title="Create your account" description="Get your business found online.">
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        <Field id="fullName" label="Full Name" autoComplete="name" error={errors.fullName} />
        <Field id="email" label="Email" type="email" autoComplete="email" error={errors.email} />
        <Field
          id="phone"
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          maxLength={PHONE_INPUT_MAX_LENGTH}
          value={phone}
          onChange={(event) => setPhone(formatUsPhone(event.target.value))}
          error={errors.phone}
        />
        <Field
          id="companyName"
          label="Company Name (optional)"
          autoComplete="organization"
          error={errors.companyName}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 12 characters with an uppercase letter, a lowercase letter, a number and a special character."
        />
        <Field id="confirmPassword" label="Confirm Password" type="password" autoComplete="new-password" />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating account..." : "Create Account"}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/login" className="font-medium text-blue-700 hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
