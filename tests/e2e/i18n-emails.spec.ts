import { expect } from "@playwright/test";
import { E2E_BASE_URL, newCustomer, test } from "./fixtures";
import { mailsTo } from "./outbox";

// A browser that asks for Spanish (Accept-Language: es-ES).
test.use({ locale: "es-ES" });

test("a Spanish-speaking customer who forgot the password gets the reset e-mail in Spanish", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  // Signed up from a Spanish browser: the account's language is Spanish (the sign-up form's request, as sent).
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
    headers: { origin: E2E_BASE_URL, "accept-language": "es-ES,es;q=0.9" },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();

  // Another Spanish browser, signed out, asks for a new password through the page.
  const context = await browser.newContext({ locale: "es-ES" });
  const visitor = await context.newPage();
  await visitor.goto("/login");
  await visitor.getByRole("link", { name: "Olvidé mi contraseña" }).click();
  await expect(visitor).toHaveURL("/forgot-password");
  await visitor.getByLabel("Correo electrónico").fill(customer.email);
  await visitor.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Si existe una cuenta con ese correo" })).toBeVisible();

  let mail: { subject: string; body: string } | undefined;
  await expect
    .poll(
      () => {
        mail = mailsTo(customer.email).at(-1);
        return mail?.subject ?? "";
      },
      { timeout: 15_000 },
    )
    .toBe("Restablezca su contraseña");
  expect(mail!.body).toContain(`Hola, ${customer.fullName}:`);
  expect(mail!.body).toContain("Alguien pidió restablecer la contraseña de su cuenta.");
  expect(mail!.body).toContain("Si usted no lo pidió, ignore este correo: su contraseña no cambia.");
  expect(mail!.body).not.toContain("Reset your password");

  // The link in it works: the reset page, in Spanish.
  const link = /(http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.body)?.[1];
  expect(link).toBeTruthy();
  await visitor.goto(link!);
  await expect(visitor.getByRole("button", { name: "Restablecer contraseña" })).toBeVisible();
  await context.close();
});
