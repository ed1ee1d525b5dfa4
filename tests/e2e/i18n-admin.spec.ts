import AxeBuilder from "@axe-core/playwright";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { newCustomer, signUpWith, test } from "./fixtures";

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

/**
 * An admin of its own (the shared e2e admin's language must stay English for the other specs), signed in
 * in an English browser context.
 */
async function freshAdmin(browser: Browser, request: APIRequestContext): Promise<Page> {
  const person = newCustomer();
  await signUpWith(request, person);
  const promoted = await request.post("/__test/admins", { data: { email: person.email } });
  expect(promoted.status()).toBe(201);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: person.email, password: person.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

test("an admin who chooses Spanish sees the dashboard, the users list, a customer and analytics in Spanish, without accessibility violations", async ({
  browser,
  request,
}) => {
  // Four axe runs over the admin's largest pages (the dashboard's queue, the analytics charts): past 90 s beside
  // other specs on two cores.
  test.setTimeout(180_000);
  const page = await freshAdmin(browser, request);
  const customer = newCustomer({ fullName: "Lucía Pérez" });
  await signUpWith(await (await browser.newContext()).request, customer);

  // English first, then the switcher in the admin header.
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page).toHaveTitle("Panel de administración");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Panel de administración" })).toBeVisible();
  for (const name of ["Ingresos de este mes", "Clientes en espera", "Trabajos en curso"]) {
    await expect(main.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(main.getByRole("heading", { name: "Cola de trabajo" })).toBeVisible();
  await expect(main.getByRole("heading", { name: /^(Pago|Pagos) en espera de revisión/ })).toBeVisible();
  await expect(main.getByRole("heading", { name: /^Sin avances durante 7 días después del pago/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // The users list: counters, search and the list's texts.
  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(main.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  await expect(page.getByTestId("counter-card-total-users")).toContainText("Total de usuarios");
  await expect(page.getByLabel("Buscar por nombre, correo, empresa o teléfono")).toHaveValue(customer.email);
  await expect(page.getByTestId("customer-list-summary")).toHaveText(`Mostrando 1–1 de 1 clientes · que coinciden con “${customer.email}”`);
  await expect(page.getByRole("columnheader", { name: "Fecha de registro" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Borrar búsqueda" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/users?status=sleeping");
  await expect(page.getByTestId("customer-list-error")).toHaveText(
    "Filtro desconocido: elija Total de usuarios, Activos, Inactivos o En progreso",
  );

  // The customer's page: header, tabs, the payments tab, notes.
  await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await main.getByRole("link", { name: "Lucía Pérez" }).click();
  await expect(main.getByRole("heading", { level: 1, name: "Lucía Pérez" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Volver a usuarios" })).toBeVisible();
  const tabs = main.getByRole("tablist", { name: "Secciones del cliente" });
  for (const name of ["Pagos", "Notas", "Google Business", "Sitio web", "Credenciales"]) {
    await expect(tabs.getByRole("tab", { name })).toBeVisible();
  }
  await expect(main.getByText("No hay pagos registrados para este usuario")).toBeVisible();
  await expect(main.getByRole("heading", { name: "Pagos del sitio web" })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabs.getByRole("tab", { name: "Notas" }).click();
  await expect(main.getByText("Todavía no hay notas")).toBeVisible();
  await main.getByRole("button", { name: "Agregar nota" }).click();
  const dialog = page.getByRole("dialog", { name: "Agregar nota" });
  await expect(dialog.getByText("Las notas internas solo las ven los administradores.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await tabs.getByRole("tab", { name: "Sitio web" }).click();
  await expect(main.getByRole("heading", { name: "Progreso del desarrollo del sitio web" })).toBeVisible();

  // Analytics: the period picker, the charts' tables with months and money in Spanish.
  await page.goto("/admin/analytics");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(main.getByRole("heading", { level: 1, name: "Analíticas" })).toBeVisible();
  await expect(page.getByLabel("Período", { exact: true })).toHaveValue("12m");
  await expect(page.getByRole("option", { name: "Últimos 12 meses" })).toBeAttached();
  await expect(main.getByText("Ingresos por mes", { exact: true })).toBeVisible();
  await expect(main.getByText("Embudo de clientes", { exact: true })).toBeVisible();
  const revenue = page.getByTestId("analytics-revenue");
  await revenue.getByText("Mostrar las cifras como tabla").click();
  await expect(revenue.getByRole("table", { name: "Ingresos por mes según el método de pago, en dólares estadounidenses" })).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat("es-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(new Date());
  await expect(revenue.getByRole("rowheader", { name: thisMonth })).toBeVisible();
  await expect(page.getByTestId("funnel-signedUp").locator("th")).toHaveText("Registrados");
  await expectNoAxeViolations(page);
  await page.goto("/admin/analytics?period=custom&from=2026-05-01&to=2026-01-01");
  await expect(page.getByText("No se pudo leer el período: La fecha de inicio debe ser igual o anterior a la fecha de fin")).toBeVisible();

  // Back to English: the same page, in English.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(main.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
});
