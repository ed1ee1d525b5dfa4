import { expect, type APIRequestContext } from "@playwright/test";
import {
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  customerInBrowser,
  newCustomer,
  signedInAdmin,
  test,
} from "./fixtures";
import { mailsTo } from "./outbox";

/** The reminders job's run for one customer, `days` ahead of now (the job's clock, not the server's). */
async function runReminders(request: APIRequestContext, email: string, days: number) {
  const response = await request.post("/__test/reminders/run", { data: { email, days } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { ran: boolean; reminders: number };
}

/** The e-mails of reminders sent to an address, once the e-mail queue has written them to the outbox. */
async function reminderMails(email: string, count: number) {
  await expect.poll(() => mailsTo(email).filter((mail) => mail.body.includes("List-Unsubscribe")).length).toBe(count);
  return mailsTo(email).filter((mail) => mail.body.includes("List-Unsubscribe"));
}

test("a customer who has not sent the information form is reminded (the bell, and the e-mail in their language) and its link opens the form; the admin's page shows it and 'Send a reminder now' reaches the open portal; the unsubscribe link works signed out", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A customer whose account speaks Spanish (signed up from a Spanish browser), on a phone, paid but without the form.
  const customer = newCustomer();
  const { page, userId } = await customerInBrowser(browser, customer, "es-ES");
  await page.setViewportSize({ width: 390, height: 844 });
  const state = await page.request.post("/__test/customers/state", {
    data: { email: customer.email, state: { paidFirstOf: ["google_business"] } },
  });
  expect(state.status(), await state.text()).toBe(200);
  await gotoWithLiveStream(page, "/dashboard/progress");

  // Two days after the payment: the first reminder of the form, once however often the job looks.
  expect(await runReminders(request, customer.email, 1.9)).toMatchObject({ ran: true, reminders: 0 });
  expect(await runReminders(request, customer.email, 2.01)).toMatchObject({ ran: true, reminders: 1 });
  expect(await runReminders(request, customer.email, 2.02)).toMatchObject({ ran: true, reminders: 0 });
  await expect(page.getByTestId("unread-badge")).toHaveText("1", { timeout: LIVE_UPDATE_MS });
  await page.getByRole("button", { name: /^Notificaciones/ }).click();
  await expect(page.getByText("Estamos esperando su información", { exact: true })).toBeVisible();
  await page.screenshot({ path: "test-results/reminders-bell-es-390.png" });
  await page.keyboard.press("Escape");

  const [mail] = await reminderMails(customer.email, 1);
  expect(mail!.subject).toBe("Estamos esperando su información");
  expect(mail!.body).toContain("Envíenos la información de su negocio");
  const link = /https?:\/\/\S+\/reminders\/[0-9a-f-]{36}/.exec(mail!.body)?.[0];
  const unsubscribe = /https?:\/\/\S+\/reminders\/unsubscribe\?token=[\w.-]+/.exec(mail!.body)?.[0];
  expect(link).toBeDefined();
  expect(unsubscribe).toBeDefined();

  // The e-mail's link leads to the form.
  await page.goto(link!);
  await expect(page).toHaveURL("/dashboard/google-business");
  await expect(page.getByRole("heading", { name: "Credenciales de Gmail" })).toBeVisible();

  // The admin's page of the customer: what waits, the reminder sent and its link opened.
  const admin = await signedInAdmin(browser, { locale: "en-US" });
  await gotoWithLiveStream(admin, `/admin/users/${userId}/messages`);
  const card = admin.getByTestId("customer-reminders");
  await expect(card.getByText("We are waiting for your information").first()).toBeVisible();
  await expect(card.getByText(/Link opened/)).toBeVisible();
  await gotoWithLiveStream(page, "/dashboard/progress");
  await card.getByRole("button", { name: "Send a reminder now" }).click();
  await expectToast(admin, "Reminder sent");
  // The customer's open portal hears of it at once, and the second e-mail goes the same day (a person sent it).
  await expect(page.getByTestId("unread-badge")).toHaveText("2", { timeout: LIVE_UPDATE_MS });
  await reminderMails(customer.email, 2);
  await admin.screenshot({ path: "test-results/reminders-admin-1280.png", fullPage: true });

  // The unsubscribe link, in a browser signed out that prefers English: the page is in the customer's Spanish.
  const visitor = await (
    await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } })
  ).newPage();
  await visitor.goto(unsubscribe!);
  await expect(visitor.getByRole("heading", { name: "¿Dejar de recibir correos de recordatorio?" })).toBeVisible();
  await visitor.getByRole("button", { name: "Dejar de recibir recordatorios" }).click();
  await expect(visitor.getByTestId("reminders-unsubscribed")).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Los recordatorios están desactivados" })).toBeVisible();
  await visitor.screenshot({ path: "test-results/reminders-unsubscribed-es-390.png" });
  // The admin's open page says so without a reload; the job sends them nothing more.
  await expect(card.getByText(/turned reminders off/)).toBeVisible({ timeout: LIVE_UPDATE_MS });
  expect(await runReminders(request, customer.email, 5.01)).toMatchObject({ ran: true, reminders: 0 });
  await visitor.context().close();
  await admin.context().close();
  await page.context().close();
});
