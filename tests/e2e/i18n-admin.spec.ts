import { expect, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  freshAdmin,
  newCustomer,
  signUpWith,
  test,
  toSpanish,
  type Customer,
} from "./fixtures";
import { sendProofViaApi } from "./payments-support";

const APP_VERSION = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

/** A customer signed up (and signed in again: a sign-in of their own in the log) in a context of their own. */
async function customerWithId(
  browser: Browser,
  overrides: Partial<Customer> = {},
): Promise<{ page: Page; customer: Customer; userId: string }> {
  const customer = newCustomer(overrides);
  const page = await (await browser.newContext()).newPage();
  await signUpWith(page.request, customer);
  const signIn = await page.request.post("/api/auth/sign-in/email", {
    data: { email: customer.email, password: customer.password },
    headers: { origin: E2E_BASE_URL },
  });
  expect(signIn.ok(), await signIn.text()).toBeTruthy();
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  return { page, customer, userId: user.id };
}

test("an admin who chooses Spanish sees the dashboard, the users list, a customer and analytics in Spanish, without accessibility violations", async ({
  browser,
}) => {
  // Four axe runs over the admin's largest pages (the dashboard's queue, the analytics charts): past 90 s beside
  // other specs on two cores.
  test.setTimeout(180_000);
  const { page } = await freshAdmin(browser);
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
  await expect(page.getByTestId("customer-list-summary")).toHaveText(
    `Mostrando 1–1 de 1 clientes · que coinciden con “${customer.email}”`,
  );
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
  await expect(
    revenue.getByRole("table", { name: "Ingresos por mes según el método de pago, en dólares estadounidenses" }),
  ).toBeVisible();
  const thisMonth = new Intl.DateTimeFormat("es-US", { month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(),
  );
  await expect(revenue.getByRole("rowheader", { name: thisMonth })).toBeVisible();
  await expect(page.getByTestId("funnel-signedUp").locator("th")).toHaveText("Registrados");
  await expectNoAxeViolations(page);
  await page.goto("/admin/analytics?period=custom&from=2026-05-01&to=2026-01-01");
  await expect(
    page.getByText("No se pudo leer el período: La fecha de inicio debe ser igual o anterior a la fecha de fin"),
  ).toBeVisible();

  // Back to English: the same page, in English.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(main.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
});

test("the activity log, the payment card and the Database tab speak in a person's words, in English and Spanish; the Admin filter lists admins only", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: customerPage, customer, userId } = await customerWithId(browser);
  await sendProofViaApi(customerPage.request, "google_business", 1);
  const { page: admin, person } = await freshAdmin(browser, {
    viewport: { width: 1280, height: 900 },
    fullName: `Avery Admin ${Math.random().toString(36).slice(2, 8)}`,
  });

  // The payment card: the status and the method as words, not stored values.
  await admin.goto(`/admin/users/${userId}`);
  const card = admin.getByTestId("payment-card").first();
  await expect(card.getByTestId("payment-status")).toHaveText("Pending");
  await expect(card.getByTestId("payment-method")).toHaveText("Zelle");

  // A progress step ticked, then read back in the log.
  await admin.getByRole("tab", { name: "Google Business", exact: true }).click();
  const saved = admin.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/admin/users/${userId}`),
  );
  await admin.getByRole("checkbox", { name: "Verification Completed" }).click();
  await admin
    .getByRole("dialog", { name: "Mark the earlier steps done too?" })
    .getByRole("button", { name: "Only this step" })
    .click();
  expect((await saved).status()).toBe(200);

  await admin.goto(`/admin/activity?customer=${userId}`);
  const events = admin.getByTestId("activity-event");
  await expect(events.first().getByTestId("activity-action")).toHaveText("Updated progress");
  await expect(events.first()).toContainText('Marked "Verification Completed" done for Google Business Profile');
  await expect(admin.getByRole("main")).not.toContainText("verificationCompleted");
  await expect(admin.getByRole("main")).not.toContainText("google_business");
  // The customer's own sign-in is in the log, yet the Admin filter offers admins only.
  await admin.goto("/admin/activity");
  const adminChoices = await admin.locator("#activity-admin option").allTextContents();
  expect(adminChoices).toContain(person.fullName);
  expect(adminChoices).not.toContain(customer.fullName);

  // The Database tab: what each bucket holds, and the app's version.
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Database" }).click();
  const buckets = admin.getByTestId("storage-bucket");
  await expect(buckets).toHaveCount(7);
  await expect(buckets.filter({ hasText: "Files sent in messages" })).toHaveCount(1);
  await expect(buckets.filter({ hasText: "Payment proofs and note photos" })).toHaveCount(1);
  await expect(admin.getByRole("main")).not.toContainText("admin-note-photos");
  await admin.getByRole("button", { name: "View Backend" }).click();
  const backend = admin.getByRole("dialog", { name: "Backend Status" });
  await expect(backend.getByTestId("app-version")).toHaveText(APP_VERSION);
  await expect(backend).not.toContainText("unknown");
  await backend.getByRole("button", { name: "Close" }).click();

  // The same screens in Spanish.
  await toSpanish(admin);
  await admin.goto(`/admin/activity?customer=${userId}`);
  await expect(events.first()).toContainText(
    'Marcó "Verificación completada" como completado en Perfil de Google Business',
  );
  await admin.goto(`/admin/users/${userId}`);
  await expect(card.getByTestId("payment-status")).toHaveText("Pendiente");
  await expect(card.getByTestId("payment-method")).toHaveText("Zelle");
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Base de datos" }).click();
  await expect(buckets.filter({ hasText: "Comprobantes de pago y fotos de notas" })).toHaveCount(1);
  await admin.getByRole("button", { name: "Ver servidor" }).click();
  await expect(admin.getByRole("dialog", { name: "Estado del servidor" }).getByTestId("app-version")).toHaveText(
    APP_VERSION,
  );
});
