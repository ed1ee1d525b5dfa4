import { expect, type Browser, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { E2E_BASE_URL, newCustomer, signUpWith, test, type Customer } from "./fixtures";
import { sendProofViaApi } from "./payments-support";

/** What an admin trips over on the back office's screens: developer words, figures out of reach, a broken layout. */

const APP_VERSION = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

/**
 * An admin of its own (its language changes; the shared e2e admin's must stay English for the other specs),
 * signed in in a browser context of its own.
 */
async function freshAdmin(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ page: Page; person: Customer }> {
  const person = newCustomer({ fullName: `Avery Admin ${Math.random().toString(36).slice(2, 8)}` });
  const context = await browser.newContext({ locale: "en-US", viewport });
  await signUpWith(context.request, person);
  const promoted = await context.request.post("/__test/admins", { data: { email: person.email } });
  expect(promoted.status()).toBe(201);
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    // The context holds the sign-up's session: Better Auth's origin check then wants the header a browser sends.
    headers: { origin: E2E_BASE_URL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { page, person };
}

/** A customer signed up (and signed in again: a sign-in of their own in the log) in a context of their own. */
async function customerWithId(browser: Browser, overrides: Partial<Customer> = {}): Promise<{ page: Page; customer: Customer; userId: string }> {
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

async function toSpanish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the activity log, the payment card and the Database tab speak in a person's words, in English and Spanish; the Admin filter lists admins only", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page: customerPage, customer, userId } = await customerWithId(browser);
  await sendProofViaApi(customerPage.request, "google_business", 1);
  const { page: admin, person } = await freshAdmin(browser);

  // The payment card: the status and the method as words, not stored values.
  await admin.goto(`/admin/users/${userId}`);
  const card = admin.getByTestId("payment-card").first();
  await expect(card.getByTestId("payment-status")).toHaveText("Pending");
  await expect(card.getByTestId("payment-method")).toHaveText("Zelle");

  // A progress step ticked, then read back in the log.
  await admin.getByRole("tab", { name: "Google Business", exact: true }).click();
  const saved = admin.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/admin/users/${userId}`));
  await admin.getByRole("checkbox", { name: "Verification Completed" }).click();
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
  await expect(buckets).toHaveCount(4);
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
  await expect(events.first()).toContainText('Marcó "Verificación completada" como completado en Perfil de Google Business');
  await admin.goto(`/admin/users/${userId}`);
  await expect(card.getByTestId("payment-status")).toHaveText("Pendiente");
  await expect(card.getByTestId("payment-method")).toHaveText("Zelle");
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Base de datos" }).click();
  await expect(buckets.filter({ hasText: "Comprobantes de pago y fotos de notas" })).toHaveCount(1);
  await admin.getByRole("button", { name: "Ver servidor" }).click();
  await expect(admin.getByRole("dialog", { name: "Estado del servidor" }).getByTestId("app-version")).toHaveText(APP_VERSION);
});
