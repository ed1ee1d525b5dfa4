import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  E2E_ADMIN,
  gotoWithLiveStream,
  newCustomer,
  sendNotification,
  signUpViaApi,
  type Customer,
  test,
  LIVE_UPDATE_MS,
} from "./fixtures";
import { PROOF_PNG } from "./payments-support";

/**
 * Notifications as a person meets them: live to their owner only, read one by one or all at once, worded in the
 * reader's language when read (not when written), each a link to the page it is about.
 */

/**
 * The contexts a test opened, closed when it ends: every admin context holds a live stream of the one e2e
 * admin account, which may hold only a few at once (server/events.ts), and other tests need theirs.
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

/** The bell, in English or in Spanish. */
const bell = (page: Page) => page.getByRole("button", { name: /^(Notifications|Notificaciones)/ });
const badge = (page: Page) => page.getByTestId("unread-badge");
const panel = (page: Page) =>
  page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Notifications" }) });

/** UTC+14, far from a server's zone: a date formatted on the server instead of in the browser would show. */
const VIEWER_TIME_ZONE = "Pacific/Kiritimati";

/** 'MMM d, h:mm a' (a notification's date format) in the viewer's time zone. */
function viewerDate(date: Date): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: VIEWER_TIME_ZONE,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part("month")} ${part("day")}, ${part("hour")}:${part("minute")} ${part("dayPeriod")}`;
}

/** A customer signed in in a browser context of their own, on the progress page with the live stream open. */
async function signedInCustomer(browser: Browser, customer: Customer): Promise<Page> {
  const context = await browser.newContext({ timezoneId: VIEWER_TIME_ZONE });
  const page = await context.newPage();
  await signUpViaApi(page, customer);
  await gotoWithLiveStream(page, "/dashboard/progress");
  await expect(badge(page)).toHaveCount(0);
  return page;
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
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** The admin ticks a Google Business step of the customer's checklist, that step only (every one used here has earlier steps not done). */
async function tickGoogleStep(admin: Page, userId: string, label: string): Promise<void> {
  await admin.goto(`/admin/users/${userId}/google-business`);
  const toggle = admin.getByRole("checkbox", { name: label });
  const saved = admin.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin/users/"),
  );
  await toggle.click();
  await admin
    .getByRole("dialog", { name: "Mark the earlier steps done too?" })
    .getByRole("button", { name: "Only this step" })
    .click();
  await saved;
  await expect(toggle).toBeChecked();
}

/** The open bell's list, in English or in Spanish. */
const listOf = (page: Page) => page.getByRole("list", { name: /^(Notifications list|Lista de notificaciones)$/ });

test("a notification reaches its owner live, and nobody else", async ({ browser, request }) => {
  const alice = newCustomer();
  const bob = newCustomer();
  const pageA = await signedInCustomer(browser, alice);
  const pageB = await signedInCustomer(browser, bob);
  try {
    // Every reload of B's data after this point would mean B's stream was told about A's change.
    const reloadsOfB: string[] = [];
    pageB.on("request", (req) => {
      if (new URL(req.url()).pathname.endsWith(".data")) reloadsOfB.push(req.url());
    });

    const minuteBefore = viewerDate(new Date());
    await sendNotification(request, alice.email, {
      title: "Payment Approved",
      message: "Your payment has been approved",
    });
    const minuteAfter = viewerDate(new Date());
    await expect(badge(pageA)).toHaveText("1", { timeout: LIVE_UPDATE_MS });

    await bell(pageA).click();
    const list = panel(pageA).getByRole("list", { name: "Notifications list" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByText("Payment Approved", { exact: true })).toBeVisible();
    await expect(list.getByText("Your payment has been approved", { exact: true })).toBeVisible();
    // The date is shown in the viewer's own time zone.
    const date = list.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2} (AM|PM)$/);
    await expect(date).toBeVisible();
    expect([minuteBefore, minuteAfter]).toContain(await date.textContent());

    // A negative cannot be awaited: give B's page as long again as A's needed at most, then look.
    await pageB.waitForTimeout(LIVE_UPDATE_MS);
    expect(reloadsOfB).toEqual([]);
    await expect(badge(pageB)).toHaveCount(0);
    await bell(pageB).click();
    await expect(panel(pageB).getByText("No notifications yet", { exact: true })).toBeVisible();
  } finally {
    await pageA.context().close();
    await pageB.context().close();
  }
});

test("clicking a notification marks it read", async ({ browser, request }) => {
  const customer = newCustomer();
  const page = await signedInCustomer(browser, customer);
  try {
    await sendNotification(request, customer.email, { title: "Progress updated", message: "Profile Creation is done" });
    await expect(badge(page)).toHaveText("1", { timeout: LIVE_UPDATE_MS });
    await bell(page).click();
    await panel(page).getByRole("button", { name: "Progress updated (unread)" }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(panel(page).getByRole("button", { name: "Progress updated", exact: true })).toBeVisible();
    await expect(panel(page).getByRole("button", { name: "Mark all as read" })).toBeHidden();
    // It stays read on a fresh load.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName("Notifications");
    await expect(badge(page)).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test("'Mark all as read' clears every unread notification", async ({ browser, request }) => {
  const customer = newCustomer();
  const page = await signedInCustomer(browser, customer);
  try {
    await sendNotification(request, customer.email, { title: "First", message: "The first one" });
    await sendNotification(request, customer.email, { title: "Second", message: "The second one" });
    await expect(badge(page)).toHaveText("2", { timeout: LIVE_UPDATE_MS });
    await bell(page).click();
    const list = panel(page).getByRole("list", { name: "Notifications list" });
    // Newest first.
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").first()).toContainText("Second");
    await panel(page).getByRole("button", { name: "Mark all as read" }).click();
    await expect(badge(page)).toHaveCount(0);
    await expect(list.getByRole("button", { name: /\(unread\)$/ })).toHaveCount(0);
    await page.reload();
    await expect(badge(page)).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});

test("a notification written in English reads in Spanish after the customer switches language, and back", async ({
  browser,
}) => {
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, newCustomer());
  const admin = await adminPage(browser);
  await tickGoogleStep(admin, userId, "Profile Creation");

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  await expect(listOf(customerPage).getByText("Profile Creation is complete", { exact: true })).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "Español" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
  await bell(customerPage).click();
  const list = listOf(customerPage);
  await expect(list.getByText("Paso completado: Creación del perfil", { exact: true })).toBeVisible();
  await expect(
    list.getByText("Se completó el paso «Creación del perfil» de su Perfil de Google Business."),
  ).toBeVisible();
  await expect(list.getByText("Profile Creation is complete", { exact: true })).toHaveCount(0);

  // A fresh load of the page in Spanish says the same (the server renders it in the reader's language too).
  await customerPage.reload();
  await bell(customerPage).click();
  await expect(listOf(customerPage).getByText("Paso completado: Creación del perfil", { exact: true })).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "English" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "en");
  await bell(customerPage).click();
  await expect(listOf(customerPage).getByText("Profile Creation is complete", { exact: true })).toBeVisible();
});

test("a notification is a link: Enter on it marks it read and opens the page it is about (progress)", async ({
  browser,
}) => {
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, newCustomer());
  await gotoWithLiveStream(customerPage, "/dashboard/profile");
  await tickGoogleStep(await adminPage(browser), userId, "Profile Creation");

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  const row = listOf(customerPage).getByRole("link", { name: "Profile Creation is complete (unread)" });
  await row.focus();
  await customerPage.keyboard.press("Enter");
  await expect(customerPage).toHaveURL("/dashboard/progress");
  await expect(listOf(customerPage)).toBeHidden();
  await expect(customerPage.getByTestId("unread-badge")).toHaveCount(0);
  await bell(customerPage).click();
  await expect(
    listOf(customerPage).getByRole("link", { name: "Profile Creation is complete", exact: true }),
  ).toBeVisible();
});

test("'Payment Approved' names the service and opens its page, in English and in Spanish; the admin's notice opens the customer's payments", async ({
  browser,
}) => {
  const customer = newCustomer();
  const customerPage = await newPage(browser, { locale: "en-US" });
  const userId = await customerOnProgress(customerPage, customer);
  const proof = await customerPage.request.post("/resources/payments/proof", {
    multipart: {
      serviceType: "google_business",
      paymentNumber: "1",
      proof: { name: "proof.png", mimeType: "image/png", buffer: PROOF_PNG },
    },
  });
  expect(proof.status(), await proof.text()).toBe(200);

  // The admin's bell: the customer's proof, linked to their Payments tab; it switches there from another tab of the
  // same customer's open page too.
  const admin = await adminPage(browser);
  await admin.goto(`/admin/users/${userId}`);
  await admin.getByRole("tab", { name: "Notes" }).click();
  await expect(admin.getByRole("tab", { name: "Notes" })).toHaveAttribute("aria-selected", "true");
  await bell(admin).click();
  const notice = listOf(admin)
    .getByRole("link", { name: /New Payment Received \(Zelle\)/ })
    .filter({ hasText: customer.fullName });
  await notice.first().click();
  await expect(admin).toHaveURL(`/admin/users/${userId}`);
  await expect(admin.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expect(admin.getByRole("button", { name: "Approve Payment" })).toHaveCount(0);

  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  await expect(
    listOf(customerPage).getByText("Your payment for Google Business Profile Setup has been approved", { exact: true }),
  ).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await customerPage.getByRole("button", { name: "Español" }).click();
  await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
  await bell(customerPage).click();
  const approved = listOf(customerPage).getByRole("link", { name: "Pago aprobado (sin leer)" });
  await expect(approved).toContainText("Su pago de Configuración del Perfil de Google Business ha sido aprobado");
  await approved.click();
  await expect(customerPage).toHaveURL("/dashboard/google-business");
  await expect(customerPage.getByTestId("unread-badge")).toHaveCount(0);
});
