import { expect } from "@playwright/test";
import { expectNoAxeViolations, newCustomer, signUpViaApi, STRONG_PASSWORD, test } from "./fixtures";

// A browser that asks for Spanish (Accept-Language: es-ES).
test.use({ locale: "es-ES" });

test("a Spanish browser gets sign-up and its validation messages in Spanish, without accessibility violations", async ({
  page,
}) => {
  await page.goto("/signup");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Crear cuenta");
  await expect(page.getByRole("heading", { name: "Cree su cuenta" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Escriba su nombre completo", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Nombre completo")).toHaveAccessibleDescription("Escriba su nombre completo");
  await page.getByLabel("Correo electrónico").fill("ana@");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Escriba un correo electrónico válido", { exact: true })).toBeVisible();
});

test("login and the not-found page in Spanish", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Bienvenido de nuevo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByText("Escriba su contraseña", { exact: true })).toBeVisible();
  await page.goto("/no-such-page");
  await expect(page.getByText("¡Vaya! Página no encontrada")).toBeVisible();
  await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
});

test("switching to English keeps the page and the session; the choice survives sign-out and sign-in", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await page.goto("/dashboard/progress");
  const nav = page.getByRole("navigation", { name: "Panel" });
  await expect(nav.getByRole("link", { name: "Progreso" })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "English" }).click();
  await expect(
    page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Progress" }),
  ).toBeVisible();
  await expect(page).toHaveURL("/dashboard/progress");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // Signed out, the Spanish browser still gets English: the choice is kept in this browser.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

  // Signed in again it is English; then Spanish is saved on the account...
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/dashboard/progress");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Progreso" })).toBeVisible();

  // ...so an English browser that signs in to the account gets Spanish.
  const english = await browser.newContext({ locale: "en-US" });
  const other = await english.newPage();
  await other.goto("/login");
  await expect(other.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await other.getByLabel("Email").fill(customer.email);
  await other.getByLabel("Password").fill(STRONG_PASSWORD);
  await other.getByRole("button", { name: "Login" }).click();
  await expect(other.getByRole("navigation", { name: "Panel" }).getByRole("link", { name: "Progreso" })).toBeVisible();
  await english.close();
});
