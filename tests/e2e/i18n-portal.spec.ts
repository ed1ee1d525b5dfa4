import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, expectToast, newCustomer, signUpViaApi, test, toasts } from "./fixtures";
import { PROOF_PNG } from "./payments-support";

// The Spanish interface's main journey: a browser that asks for Spanish (Accept-Language: es-ES).
test.use({ locale: "es-ES" });

const googlePanel = (page: Page) => page.getByTestId("next-step-google_business");
const websitePanel = (page: Page) => page.getByTestId("next-step-website");
const spanishDialog = (page: Page) => page.getByRole("dialog", { name: "Pago requerido" });

test("a Spanish browser signs up, follows its progress and pays in Spanish; switching to English keeps the page and the session", async ({
  page,
}) => {
  const customer = newCustomer();

  // Sign-up is already in Spanish.
  await page.goto("/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.getByLabel("Nombre completo").fill(customer.fullName);
  await page.getByLabel("Correo electrónico").fill(customer.email);
  await page.getByLabel("Teléfono").fill(customer.phone);
  await page.getByLabel("Nombre de la empresa (opcional)").fill(customer.companyName);
  await page.getByLabel("Contraseña", { exact: true }).fill(customer.password);
  await page.getByLabel("Confirmar contraseña").fill(customer.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page).toHaveURL("/dashboard/progress");
  await expectToast(page, "Cuenta creada con éxito");
  // axe checks the page once the toast (animating, its colours mid-fade) has gone.
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });

  // The progress page and its next-step panel, in Spanish, prices formatted for es.
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Progreso de construcción");
  await expect(page.getByRole("heading", { name: "Progreso de construcción" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Su próximo paso" })).toBeVisible();
  await expect(googlePanel(page).getByRole("heading", { name: "Perfil de Google Business" })).toBeVisible();
  await expect(googlePanel(page).getByText("Comience con el pago")).toBeVisible();
  await expect(
    googlePanel(page).getByText("Con $250 comenzamos la configuración de su Perfil de Google Business."),
  ).toBeVisible();
  await expect(websitePanel(page).getByText("El primer 50 % ($350) pone en marcha su sitio web.")).toBeVisible();
  await expect(
    page.getByTestId("progress-card-google_business").getByText("Progreso de configuración y optimización"),
  ).toBeVisible();
  await expect(page.getByText("Aún no hay datos de progreso")).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Notificaciones" })).toBeVisible();
  await expect(page.getByText("Your next step")).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The website's payment dialog: its subtitle, amount and methods in Spanish.
  await websitePanel(page).getByRole("button", { name: "Pagar $350" }).click();
  const websiteDialog = spanishDialog(page);
  await expect(websiteDialog).toBeVisible();
  await expect(websiteDialog).toHaveAccessibleDescription("Desarrollo del sitio web - Pago 1 de 2");
  await expect(websiteDialog.getByTestId("payment-amount")).toHaveText("$350");
  await expect(websiteDialog.getByRole("group", { name: "Elija un método de pago" })).toBeVisible();
  await websiteDialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(websiteDialog).toHaveCount(0);

  // The Google Business payment by Zelle: labels, hint, validation state and toast in Spanish.
  await googlePanel(page).getByRole("button", { name: "Pagar $250" }).click();
  const dialog = spanishDialog(page);
  await expect(dialog).toHaveAccessibleDescription("Configuración del Perfil de Google Business");
  await expect(dialog.getByRole("button", { name: /Tarjeta de crédito\/débito/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: /Transferencia Zelle/ }).click();
  await expect(dialog.getByText("Envíe la transferencia por Zelle con estos datos:")).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Enviar comprobante" });
  await expect(submit).toBeDisabled();
  await expect(dialog.getByLabel("Foto del comprobante de pago")).toHaveAccessibleDescription(
    "JPEG, PNG o WebP, hasta 10 MB.",
  );
  await expectNoAxeViolations(page);
  await dialog
    .getByLabel("Foto del comprobante de pago")
    .setInputFiles({ name: "zelle.png", mimeType: "image/png", buffer: PROOF_PNG });
  await submit.click();
  await expectToast(page, "Pago enviado", "Su comprobante de Zelle se envió para revisión");
  await expect(dialog).toHaveCount(0);
  await expect(googlePanel(page).getByText("Estamos revisando su pago")).toBeVisible();
  // The payment-status card in Spanish, in the spec's words.
  await expect(page.getByRole("heading", { name: "Estado de Pagos" })).toBeVisible();
  await expect(page.getByTestId("payment-status-row").getByText("Pendiente")).toBeVisible();
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);

  // Switching to English keeps the page and the session; the payment-status card follows the language.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL("/dashboard/progress");
  await expect(page.getByRole("heading", { name: "Your next step" })).toBeVisible();
  await expect(googlePanel(page).getByText("We are reviewing your payment")).toBeVisible();
  await expect(websitePanel(page).getByRole("button", { name: "Pay $350" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Status" })).toBeVisible();
  await expect(page.getByTestId("payment-status-row").getByText("Pending")).toBeVisible();
  await websitePanel(page).getByRole("button", { name: "Pay $350" }).click();
  await expect(page.getByRole("dialog", { name: "Payment Required" })).toHaveAccessibleDescription(
    "Website Development - Payment 1 of 2",
  );
});

test("a failing portal page shows the error page in Spanish, with lang es and no accessibility violations", async ({
  page,
}) => {
  await signUpViaApi(page, newCustomer());
  // A receipt that does not exist: its loader answers 404, the localized layout's boundary shows it.
  const response = await page.goto("/receipts/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "¡Vaya! Página no encontrada" })).toBeVisible();
  await expect(page).toHaveTitle("¡Vaya! Página no encontrada");
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
  await expectNoAxeViolations(page);
});
