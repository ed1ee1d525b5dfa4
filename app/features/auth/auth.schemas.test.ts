import { describe, expect, it } from "vitest";
import {
  adminLoginSchema,
  loginSchema,
  passwordProblem,
  signupFieldsSchema,
  signupPasswordSchema,
  signupServerSchema,
} from "./auth.schemas";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe("password rules, in their order", () => {
  it.each([
    ["short1!A", "Password must be at least 12 characters"],
    ["alllowercase1!", "Password must contain at least one uppercase letter"],
    ["ALLUPPERCASE1!", "Password must contain at least one lowercase letter"],
    ["NoNumbersHere!", "Password must contain at least one number"],
    ["NoSpecial12345", "Password must contain at least one special character"],
  ])("%j breaks: %s", (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it("reports the first broken rule when several are broken", () => {
    expect(passwordProblem("abc")).toBe("Password must be at least 12 characters");
    expect(passwordProblem("abcdefghijkl")).toBe("Password must contain at least one uppercase letter");
  });

  it("accepts a password that keeps every rule", () => {
    expect(passwordProblem("Str0ng-Password!")).toBeNull();
  });

  it("checks the confirmation only after the rules", () => {
    expect(firstMessage(signupPasswordSchema.safeParse({ password: "weak", confirmPassword: "other" }))).toBe(
      "Password must be at least 12 characters",
    );
    expect(
      firstMessage(
        signupPasswordSchema.safeParse({ password: "Str0ng-Password!", confirmPassword: "Str0ng-Password?" }),
      ),
    ).toBe("Passwords do not match");
    expect(
      signupPasswordSchema.safeParse({ password: "Str0ng-Password!", confirmPassword: "Str0ng-Password!" }).success,
    ).toBe(true);
  });
});

describe("sign-up fields", () => {
  const valid = { fullName: "Ann Lee", email: "ann@example.com", phone: "(555) 123-4567", companyName: "" };

  it("gives the inline messages for required fields, after trimming", () => {
    const result = signupFieldsSchema.safeParse({ fullName: "  ", email: " ", phone: "" });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(byField).toEqual({
      fullName: "Please enter your full name",
      email: "Please enter your email",
      phone: "Please enter your phone number",
    });
  });

  it("accepts a complete form with the company name optional, trimmed", () => {
    const result = signupFieldsSchema.safeParse({ ...valid, fullName: "  Ann Lee " });
    expect(result.success && result.data.fullName).toBe("Ann Lee");
  });

  it("needs a real e-mail and a 10-digit phone", () => {
    expect(firstMessage(signupFieldsSchema.safeParse({ ...valid, email: "ann@" }))).toBe(
      "Please enter a valid email address",
    );
    expect(firstMessage(signupFieldsSchema.safeParse({ ...valid, phone: "(555) 123" }))).toBe(
      "Please enter a 10-digit US phone number",
    );
  });

  it("is enforced again on the server's sign-up body", () => {
    const body = { name: "Ann Lee", email: "ann@example.com", password: "Str0ng-Password!", phone: "(555) 123-4567" };
    expect(signupServerSchema.safeParse(body).success).toBe(true);
    expect(firstMessage(signupServerSchema.safeParse({ ...body, password: "Str0ngPassword1" }))).toBe(
      "Password must contain at least one special character",
    );
    expect(firstMessage(signupServerSchema.safeParse({ ...body, phone: undefined }))).not.toBeNull();
  });
});

describe("login forms", () => {
  it("requires both fields, each with its own message", () => {
    const result = loginSchema.safeParse({ email: " ", password: "" });
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([
      "Please enter your email",
      "Please enter your password",
    ]);
    expect(firstMessage(adminLoginSchema.safeParse({ email: "a@b.c", password: "" }))).toBe(
      "Please fill in all fields",
    );
  });
});
