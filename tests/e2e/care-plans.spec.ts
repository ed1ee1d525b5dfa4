import { expect, type Page } from "@playwright/test";
import { E2E_STRIPE } from "../../playwright.config";
import {
  customerInBrowser,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  test,
} from "./fixtures";
import { mailsTo } from "./outbox";

// A monthly care plan's whole life in two browsers: the admin makes the plan; a Spanish-speaking customer subscribes
// through the fake card provider's hosted checkout; months are charged, one fails and the card is changed in the
// provider's billing portal; the customer cancels, keeps the plan, cancels again, and the period ends. The card
// provider's side (its months, its retries) is driven through the fake's controls, which deliver their webhooks to
// the app as Stripe would; every change reaches the open pages live.

/** Runs one of the fake card provider's controls (a month billed, a retry, the period's end...). */
async function provider(path: string, body: Record<string, unknown> = {}) {
  const response = await fetch(`${E2E_STRIPE.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = (await response.json()) as { deliveries: { type: string; status: number }[] };
  for (const delivery of answer.deliveries) expect(delivery, delivery.type).toMatchObject({ status: 200 });
}

async function subscriptionOf(page: Page, email: string) {
  const response = await page.request.post("/__test/plan-subscriptions/by-email", { data: { email } });
  const { subscriptions } = (await response.json()) as {
    subscriptions: { stripeSubscriptionId: string; stripeCustomerId: string }[];
  };
  expect(subscriptions).toHaveLength(1);
  return subscriptions[0]!;
}

test("a care plan from the admin's form to its end: subscribed by card, charged monthly, past due and fixed, cancelled, kept, cancelled, ended", async ({
  browser,
}) => {
  test.slow();
  const planName = `Care ${Date.now()}`;

  // The admin makes the plan in Settings, Plans.
  const admin = await signedInAdmin(browser);
  await gotoWithLiveStream(admin, "/admin/settings");
  await admin.getByRole("tab", { name: "Plans" }).click();
  await admin.getByRole("button", { name: "New plan" }).click();
  const dialog = admin.getByRole("dialog", { name: "New plan" });
  await dialog.getByLabel("Name in English").fill(planName);
  await dialog.getByLabel("Name in Spanish").fill(`Cuidado ${planName.slice(5)}`);
  await dialog.getByLabel("Description in Spanish (optional)").fill("Revisamos su sitio cada mes.");
  await dialog.getByLabel("Monthly price (USD)").fill("49");
  await dialog.getByRole("radio", { name: "No service" }).check();
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expectToast(admin, "Plan created");
  await expect(admin.getByRole("row").filter({ hasText: planName })).toContainText("$49 a month");
  await admin.screenshot({ path: "test-results/care-plans/en-1280-plans-tab.png", fullPage: true });

  // A customer who reads Spanish subscribes from their Plans page, through the hosted checkout.
  const person = newCustomer({ fullName: "Marisol Vega", companyName: "Vega Roofing" });
  const { page } = await customerInBrowser(browser, person, "es-ES");
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoWithLiveStream(page, "/dashboard/plans");
  const spanishName = `Cuidado ${planName.slice(5)}`;
  const offer = page.getByTestId("plan-offer").filter({ hasText: spanishName });
  await expect(offer).toContainText("$49 al mes");
  await expect(offer).toContainText("Revisamos su sitio cada mes.");
  await expectNoAxeViolations(page);
  await offer.getByRole("button", { name: `Suscribirse a ${spanishName}` }).click();
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await page.getByRole("button", { name: "Subscribe" }).click();
  // Back on the Plans page: the plan is active once the provider's webhook said so.
  await expect(page).toHaveURL(/\/dashboard\/plans\?checkout=success$/);
  const own = page.getByTestId("own-plan").filter({ hasText: spanishName });
  await expect(own.getByTestId("plan-status")).toHaveText("Activo", { timeout: LIVE_UPDATE_MS });
  await gotoWithLiveStream(page, "/dashboard/plans");
  const { stripeSubscriptionId, stripeCustomerId } = await subscriptionOf(page, person.email);

  // Two months charged: each a payment with its receipt, on the open page without a reload.
  await provider(`/__subscriptions/${stripeSubscriptionId}/renew`);
  await provider(`/__subscriptions/${stripeSubscriptionId}/renew`);
  await expect(own.getByText("Pagos (3)")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await own.getByText("Pagos (3)").click();
  await expect(own.getByTestId("plan-charges").getByRole("link", { name: /^Recibo \d+$/ })).toHaveCount(3);
  await page.screenshot({ path: "test-results/care-plans/es-390-active.png", fullPage: true });

  // A charge fails: Past due on the customer's page, an e-mail in Spanish with the card page, the admin's queue.
  const adminQueue = await signedInAdmin(browser);
  await gotoWithLiveStream(adminQueue, "/admin/dashboard");
  await provider(`/__customers/${stripeCustomerId}/card`, { failing: true });
  await provider(`/__subscriptions/${stripeSubscriptionId}/renew`);
  await expect(own.getByTestId("plan-status")).toHaveText("Pago vencido", { timeout: LIVE_UPDATE_MS });
  await expect(own.getByRole("alert")).toContainText("Su último pago falló");
  await expect
    .poll(() => mailsTo(person.email).map((mail) => mail.subject))
    .toContain("El pago de su plan no se pudo cobrar");
  const failedMail = mailsTo(person.email).find((mail) => mail.subject === "El pago de su plan no se pudo cobrar")!;
  expect(failedMail.body).toContain("/dashboard/plans/card");
  await expect(adminQueue.getByTestId("queue-past-due-plans")).toContainText(person.fullName, {
    timeout: LIVE_UPDATE_MS,
  });
  await adminQueue.getByTestId("queue-past-due-plans").screenshot({ path: "test-results/care-plans/en-queue.png" });

  // The customer changes the card in the provider's billing portal: the open invoice is paid, the plan active again.
  await own.getByRole("link", { name: "Cambiar tarjeta" }).click();
  await expect(page.getByRole("heading", { name: "Billing portal" })).toBeVisible();
  // Back on the Plans page, a new document: its buttons work once it is live (hydrated, its stream open).
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/events" && response.status() === 200,
  );
  await page.getByRole("button", { name: "Update card" }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans$/);
  await streamOpen;
  await expect(own.getByTestId("plan-status")).toHaveText("Activo", { timeout: LIVE_UPDATE_MS });
  await expect(own.getByText("Pagos (4)")).toBeVisible();

  // Cancel at the period's end, keep it after all, cancel again.
  await own.getByRole("button", { name: "Cancelar plan" }).click();
  const confirm = page.getByRole("alertdialog", { name: `¿Cancelar ${spanishName}?` });
  await confirm.getByRole("button", { name: "Cancelar al final del mes" }).click();
  await expectToast(page, "Plan cancelado");
  await expect(own).toContainText("Termina el");
  await own.getByRole("button", { name: "Conservar mi plan" }).click();
  await expectToast(page, "Su plan continúa");
  await expect(own).toContainText("Próximo cobro");
  await own.getByRole("button", { name: "Cancelar plan" }).click();
  await confirm.getByRole("button", { name: "Cancelar al final del mes" }).click();
  await expectToast(page, "Plan cancelado");
  await expect(own).toContainText("Termina el");

  // The period ends: the plan reads Ended on the open page, and is on offer again.
  await provider(`/__subscriptions/${stripeSubscriptionId}/end-period`);
  await expect(own.getByTestId("plan-status")).toHaveText("Terminado", { timeout: LIVE_UPDATE_MS });
  await expect(page.getByTestId("plan-offer").filter({ hasText: spanishName })).toBeVisible();
  await page.screenshot({ path: "test-results/care-plans/es-390-ended.png", fullPage: true });
  await expectNoAxeViolations(page);

  // The admin's page of the customer: the plan, its standing and its charges, each refundable from the Payments tab.
  const { id } = (await (await page.request.get("/resources/session")).json()).user as { id: string };
  await admin.goto(`/admin/users/${id}`);
  await expect(admin.getByText("Care plan payments")).toBeVisible();
  await admin.screenshot({ path: "test-results/care-plans/en-1280-customer.png", fullPage: true });
  await expectNoAxeViolations(admin);
});
