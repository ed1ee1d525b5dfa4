import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_URL, gotoWithLiveStream, newCustomer, signUpViaApi, type Customer, test } from "./fixtures";
import { mailsTo } from "./outbox";
import { PROOF_PNG } from "./payments-support";

/**
 * Notifications as a person meets them: worded in the reader's language when read (not when written), each a
 * link to the page it is about.
 */

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  opened.push(context);
  return context.newPage();
}

/** A customer signed up in an English browser, on the progress page; answers their user id. */
async function customerOnProgress(page: Page, customer: Customer): Promise<string> {
  await signUpViaApi(page, customer);
  const session = await page.request.get("/resources/session");
  const { user } = (await session.json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/progress");
  return user.id;
}

/** The shared e2e admin, signed in through the API in a browser of its own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** The admin ticks a Google Business step of the customer's checklist, that step only (every one used here has earlier steps not done). */
async function tickGoogleStep(admin: Page, userId: string, label: string): Promise<void> {
  await admin.goto(`/admin/users/${userId}?tab=google-business`);
  const toggle = admin.getByRole("checkbox", { name: label });
  const saved = admin.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/users/"));
  await toggle.click();
  await admin.getByRole("dialog", { name: "Mark the earlier steps done too?" }).getByRole("button", { name: "Only this step" }).click();
  await saved;
  await expect(toggle).toBeChecked();
}

const bellOf = (page: Page) => page.getByRole("button", { name: /^(Notifications|Notificaciones)/ });
const listOf = (page: Page) => page.getByRole("list", { name: /^(Notifications list|Lista de notificaciones)$/ });

test("a notification written in English reads in Spanish after the customer switches language, and back", async ({ browser }) => {
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, newCustomer());
  const admin = await adminPage(browser);
  await tickGoogleStep(admin, userId, "Profile Creation");

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bellOf(customerPage).click();
  await expect(listOf(customerPage).getByText("Profile Creation is complete", { exact: true })).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "Español" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
  await bellOf(customerPage).click();
  const list = listOf(customerPage);
  await expect(list.getByText("Paso completado: Creación del perfil", { exact: true })).toBeVisible();
  await expect(list.getByText("Se completó el paso «Creación del perfil» de su Perfil de Google Business.")).toBeVisible();
  await expect(list.getByText("Profile Creation is complete", { exact: true })).toHaveCount(0);

  // A fresh load of the page in Spanish says the same (the server renders it in the reader's language too).
  await customerPage.reload();
  await bellOf(customerPage).click();
  await expect(listOf(customerPage).getByText("Paso completado: Creación del perfil", { exact: true })).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "English" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "en");
  await bellOf(customerPage).click();
  await expect(listOf(customerPage).getByText("Profile Creation is complete", { exact: true })).toBeVisible();
});

test("a notification is a link: Enter on it marks it read and opens the page it is about (progress)", async ({ browser }) => {
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, newCustomer());
  await gotoWithLiveStream(customerPage, "/dashboard/profile");
  await tickGoogleStep(await adminPage(browser), userId, "Profile Creation");

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bellOf(customerPage).click();
  const row = listOf(customerPage).getByRole("link", { name: "Profile Creation is complete (unread)" });
  await row.focus();
  await customerPage.keyboard.press("Enter");
  await expect(customerPage).toHaveURL("/dashboard/progress");
  await expect(listOf(customerPage)).toBeHidden();
  await expect(customerPage.getByTestId("unread-badge")).toHaveCount(0);
  await bellOf(customerPage).click();
  await expect(listOf(customerPage).getByRole("link", { name: "Profile Creation is complete", exact: true })).toBeVisible();
});

test("'Payment Approved' names the service and opens its page, in English and in Spanish; the admin's notice opens the customer's payments", async ({
  browser,
}) => {
  const customer = newCustomer();
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, customer);
  const proof = await customerPage.request.post("/resources/payments/proof", {
    multipart: { serviceType: "google_business", paymentNumber: "1", proof: { name: "proof.png", mimeType: "image/png", buffer: PROOF_PNG } },
  });
  expect(proof.status(), await proof.text()).toBe(200);

  // The admin's bell: the customer's proof, linked to their Payments tab; it switches there from another tab of the
  // same customer's open page too.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/users/${userId}`);
  await admin.getByRole("tab", { name: "Notes" }).click();
  await expect(admin.getByRole("tab", { name: "Notes" })).toHaveAttribute("aria-selected", "true");
  await bellOf(admin).click();
  const notice = listOf(admin).getByRole("link", { name: /New Payment Received \(Zelle\)/ }).filter({ hasText: customer.fullName });
  await notice.first().click();
  await expect(admin).toHaveURL(`/admin/users/${userId}?tab=payments`);
  await expect(admin.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expect(admin.getByRole("button", { name: "Approve Payment" })).toHaveCount(0);

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bellOf(customerPage).click();
  await expect(listOf(customerPage).getByText("Your payment for Google Business Profile Setup has been approved", { exact: true })).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "Español" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
  await bellOf(customerPage).click();
  const approved = listOf(customerPage).getByRole("link", { name: "Pago aprobado (sin leer)" });
  await expect(approved).toContainText("Su pago de Configuración del Perfil de Google Business ha sido aprobado");
  await approved.click();
  await expect(customerPage).toHaveURL("/dashboard/google-business");
  await expect(customerPage.getByTestId("unread-badge")).toHaveCount(0);
});

for (const language of ["en", "es"] as const) {
  test(`two ticks make one progress e-mail, sent when the window ends, listing both, with the page's link (${language})`, async ({ browser }) => {
    const customer = newCustomer();
    const customerPage = await newPage(browser, { locale: "en-US" });
    const userId = await customerOnProgress(customerPage, customer);
    if (language === "es") {
      await customerPage.getByRole("button", { name: "Español" }).click();
      await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
    }
    const admin = await adminPage(browser);
    await tickGoogleStep(admin, userId, "Profile Creation");
    await tickGoogleStep(admin, userId, "Submitted for Verification");
    await expect(customerPage.getByTestId("unread-badge")).toHaveText("2");
    // Nothing yet: the e-mail waits for the window's end (the sender runs every 2 s).
    await customerPage.waitForTimeout(3000);
    expect(mailsTo(customer.email)).toEqual([]);

    const due = await customerPage.request.post("/__test/emails/due", { data: { email: customer.email } });
    expect(due.ok()).toBeTruthy();
    await expect.poll(() => mailsTo(customer.email).length, { timeout: 15_000 }).toBe(1);
    const [mail] = mailsTo(customer.email);
    const english = language === "en";
    expect(mail!.subject).toBe(english ? "Your Google Business Profile: 2 steps done" : "Su Perfil de Google Business: 2 pasos completados");
    expect(mail!.body).toContain(english ? "- Profile Creation" : "- Creación del perfil");
    expect(mail!.body).toContain(english ? "- Submitted for Verification" : "- Enviado para verificación");
    expect(mail!.body).toContain(`${E2E_BASE_URL}/dashboard/progress`);
  });
}
