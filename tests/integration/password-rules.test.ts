import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verification } from "~db/schema";
import { action as profileAction } from "~/routes/dashboard/profile";
import { authRequest, routeAnswer, routeArgs, signIn, signUpBody } from "./support";
import { testApp } from "./test-app";

// One rule set for every new password, however it is set: the five rules, then the list of common passwords.

const app = testApp();

const COMMON = "Password123!";
const TOO_COMMON = {
  code: "PASSWORD_TOO_COMMON",
  message: "This password is too common. Choose one that is harder to guess.",
};

describe("a common password", () => {
  it("is refused at sign-up", async () => {
    const refused = await authRequest(app.services, "/sign-up/email", signUpBody({ password: COMMON }));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject(TOO_COMMON);
  });

  it("is refused at a password reset, and the link still works for a better one", async () => {
    const customer = await app.customer();
    expect((await authRequest(app.services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    const [pending] = await app.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, customer.id), like(verification.identifier, "reset-password:%")));
    const token = pending!.identifier.slice("reset-password:".length);
    const refused = await authRequest(app.services, "/reset-password", { token, newPassword: COMMON });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject(TOO_COMMON);
    expect((await signIn(app.services, customer.email, COMMON)).status).toBe(401);
    expect(
      (await authRequest(app.services, "/reset-password", { token, newPassword: "Res3t!Password-xy" })).status,
    ).toBe(200);
  });

  it("is refused at a password change through Better Auth's endpoint, and so is one that breaks the five rules", async () => {
    const customer = await app.customer();
    const change = (newPassword: string) =>
      authRequest(
        app.services,
        "/change-password",
        { currentPassword: customer.password, newPassword },
        { cookie: customer.cookie },
      );
    const common = await change(COMMON);
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject(TOO_COMMON);
    const weak = await change("aaaaaaaaaaaa");
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ message: "Password must contain at least one uppercase letter" });
    expect((await signIn(app.services, customer.email, customer.password)).status).toBe(200);
  });

  it("is refused at a password change on the Profile page, in the person's language", async () => {
    const customer = await app.customer();
    const change = async (cookie: string) =>
      routeAnswer(
        await profileAction(
          await routeArgs(app.services, "/dashboard/profile", {
            method: "POST",
            headers: { cookie },
            body: new URLSearchParams({
              intent: "change-password",
              currentPassword: customer.password,
              newPassword: COMMON,
              confirmPassword: COMMON,
            }),
          }),
        ),
      );
    expect(await change(customer.cookie)).toEqual({ status: 400, body: { ok: false, error: TOO_COMMON.message } });
    expect(await change(`${customer.cookie}; lang=es`)).toEqual({
      status: 400,
      body: { ok: false, error: "Esta contraseña es demasiado común. Elija una más difícil de adivinar." },
    });
  });
});
