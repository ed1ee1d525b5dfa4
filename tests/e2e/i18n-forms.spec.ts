import { expect, type Browser } from "@playwright/test";
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  expectToast,
  newCustomer,
  signUpViaApi,
  STRONG_PASSWORD,
  test,
} from "./fixtures";
import { sendProofViaApi } from "./payments-support";

// The customer's information screens in a Spanish browser (Accept-Language: es-ES): Google Business (a
// mistake, its Spanish message, the save and its Spanish toast, the date in Spanish), Credentials, Profile.
// The admin who approves the payment uses an English browser of their own.
test.use({ locale: "es-ES" });
test.describe.configure({ timeout: 120_000 });

async function adminApprovesFirstPayment(browser: Browser, userId: string): Promise<void> {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto(`/admin/users/${userId}`);
  await page.getByRole("button", { name: "Approve Payment" }).click();
  await expectToast(page, "Status Updated");
  await context.close();
}

test("a Spanish customer fills the Google Business form, sees a mistake and the save in Spanish", async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, newCustomer());
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await sendProofViaApi(page.request, "google_business", 1);
  await adminApprovesFirstPayment(browser, user.id);

  await page.goto("/dashboard/google-business");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Credenciales de Gmail" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("Correo de Gmail").fill("ana.business@gmail.com");
  await page.getByLabel("Contraseña de Gmail").fill("Gmail-Pass-e2e");
  await page.getByLabel("Nombre legal del negocio").fill("Ruiz Roofing LLC");
  await page.getByLabel("Tipo de servicio").fill("Techos");
  await page.getByLabel("Fecha de apertura").fill("2016-04-02");
  await page.getByLabel("Número de teléfono").pressSequentially("5551234567");
  await page.getByRole("textbox", { name: "Dirección", exact: true }).fill("1 Main St");
  await page.getByRole("textbox", { name: "Ciudad", exact: true }).fill("Miami");
  await page.getByRole("combobox", { name: "Estado" }).selectOption("FL");
  // The mistake: a ZIP code of three digits.
  await page.getByLabel("Código postal").fill("331");
  const city = page.getByRole("textbox", { name: "Ciudad de servicio" });
  await city.fill("Miami");
  await city.press("Enter");
  await page.getByRole("button", { name: "Enviar información" }).click();
  const zipMessage = "Formato de código postal no válido. Use 5 dígitos (p. ej., 12345 o 12345-6789)";
  await expect(page.getByText(zipMessage, { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel("Código postal")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Código postal").fill("33101");
  await page.getByRole("button", { name: "Enviar información" }).click();
  // The confirmation dialog is the shared forms' (translated with app/components).
  const confirm = page.getByRole("dialog");
  await confirm.getByRole("button", { name: /^(Confirm|Confirmar)$/ }).click();
  await expectToast(page, "Su información se guardó con éxito");
  await expect(page.getByText("Su información fue enviada. Puede editarla en cualquier momento.")).toBeVisible();
  await expect(page.getByText("2 de abril de 2016")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dirección del negocio" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a Spanish customer sees Credentials and Profile in Spanish; a refusal from the server is in Spanish", async ({
  page,
}) => {
  await signUpViaApi(page, newCustomer());

  await page.goto("/dashboard/credentials");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Credenciales");
  const warning = page.getByRole("dialog", { name: "Advertencia de seguridad" });
  await expect(warning).toBeVisible();
  await expectNoAxeViolations(page);
  await warning.getByRole("button", { name: "Entiendo" }).click();
  await expect(warning).toHaveCount(0);
  const domain = page.getByRole("region", { name: "Dominio" });
  await expect(domain.getByText("Empresa proveedora")).toBeVisible();
  await expect(page.getByRole("region", { name: "Hosting y sitio web" })).toBeVisible();
  await domain.getByRole("button", { name: "Editar" }).click();
  await domain.getByLabel("Sitio web").fill("no es un enlace");
  await domain.getByRole("button", { name: "Guardar" }).click();
  await expect(domain.getByText("Debe ser una URL o un correo electrónico válido")).toBeVisible();
  await domain.getByLabel("Sitio web").fill("https://ruiz.example.com");
  await domain.getByLabel("Contraseña", { exact: true }).fill("Domain-Pass-1");
  await domain.getByRole("button", { name: "Guardar" }).click();
  await expectToast(page, "Credenciales guardadas con éxito");
  await expect(domain.getByRole("button", { name: "Mostrar Contraseña" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/dashboard/profile");
  await expect(page).toHaveTitle("Perfil");
  await expect(page.getByRole("heading", { name: "Información personal" })).toBeVisible();
  await expect(page.getByLabel("Nombre completo")).toBeVisible();
  await expectNoAxeViolations(page);
  // A mistake the browser catches...
  await page.getByLabel("Contraseña nueva").fill("abc");
  await page.getByLabel("Confirmar contraseña").fill("abc");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByLabel("Contraseña nueva")).toHaveAccessibleDescription(
    /La contraseña debe tener al menos 6 caracteres/,
  );
  // ...and one only the server knows: its answer is in the request's language.
  await page.getByLabel("Contraseña actual").fill("Not-The-Password-1");
  await page.getByLabel("Contraseña nueva").fill(`${STRONG_PASSWORD}2`);
  await page.getByLabel("Confirmar contraseña").fill(`${STRONG_PASSWORD}2`);
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expectToast(page, "La contraseña actual es incorrecta");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expectToast(page, "Preferencias de correo guardadas");
});
