import { expect, type Browser, type Page } from "@playwright/test";
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signUpViaApi,
  test,
} from "./fixtures";
import { paymentDialog, PROOF_PNG, sendZelleProofInDialog } from "./payments-support";

/** An admin signed in in a browser context of its own, phone-sized (375 px), on the dashboard with its live stream open. */
async function adminOnDashboard(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  await gotoWithLiveStream(page, "/admin/dashboard");
  return page;
}

test("the dashboard's four figures are links to their lists, reachable by keyboard", async ({ browser }) => {
  const admin = await adminOnDashboard(browser);
  const main = admin.getByRole("main");
  for (const [name, href] of [
    ["Revenue this month", /^\/admin\/analytics\?period=custom&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/],
    ["Customers waiting", /^(\/admin\/dashboard)?#work-queue-heading$/],
    ["Jobs in progress", /^\/admin\/users\?status=in_progress$/],
    ["Leads this month", /^\/admin\/analytics\?period=custom&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/],
  ] as const) {
    const link = main.getByRole("link", { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute("href", href);
    await expect(link.getByText(name, { exact: true })).toBeVisible();
  }
  const inProgress = main.getByRole("link", { name: /^Jobs in progress/ });
  await inProgress.focus();
  await expect(inProgress).toBeFocused();
  await admin.keyboard.press("Enter");
  await expect(admin).toHaveURL("/admin/users?status=in_progress");
});

test("a customer's new proof appears on the admin's open dashboard, is approved from the queue, and the customer's pages (payment gate and next-step panel) change live; their information joins the queue until opened", async ({
  browser,
}) => {
  const customer = newCustomer();
  const customerPage = await (await browser.newContext()).newPage();
  await signUpViaApi(customerPage, customer);
  await gotoWithLiveStream(customerPage, "/dashboard/google-business");
  await expect(customerPage.getByText("Payment required to continue")).toBeVisible();

  const admin = await adminOnDashboard(browser);
  await expect(admin.getByRole("heading", { name: /^Payments waiting for review/ })).toBeVisible();
  let adminLoads = 0;
  let customerLoads = 0;
  admin.on("load", () => (adminLoads += 1));
  customerPage.on("load", () => (customerLoads += 1));

  await customerPage.getByRole("button", { name: "Pay $250" }).click();
  await expect(paymentDialog(customerPage)).toBeVisible();
  await sendZelleProofInDialog(customerPage);
  await expect(customerPage.getByText("Payment Pending Review")).toBeVisible();
  // A second tab of the customer's on the progress page: its next-step panel says the payment is being reviewed.
  const progressPage = await customerPage.context().newPage();
  await gotoWithLiveStream(progressPage, "/dashboard/progress");
  const panel = progressPage.getByTestId("next-step-google_business");
  await expect(panel.getByText("We are reviewing your payment")).toBeVisible();
  let progressLoads = 0;
  progressPage.on("load", () => (progressLoads += 1));

  // The admin's open dashboard shows the proof without a reload.
  const row = admin.getByTestId("queue-payment-row").filter({ hasText: customer.fullName });
  await expect(row).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(row.getByRole("link", { name: customer.fullName })).toHaveAttribute(
    "href",
    /^\/admin\/users\/[0-9a-f-]+$/,
  );
  await expect(row.getByText("Google Business Profile Setup", { exact: true })).toBeVisible();
  await expect(row.getByText("$250")).toBeVisible();
  await expect(row.getByTestId("queue-age")).toHaveText("just now");
  await expect(row.locator("img")).toHaveAttribute("src", /^\/files\/admin-note-photos\/.+\.thumb\./);
  // The thumbnail loads lazily: on a phone-sized screen it may be below the fold until scrolled to.
  await row.locator("img").scrollIntoViewIfNeeded();
  await expect.poll(() => row.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(adminLoads).toBe(0);

  await expectNoAxeViolations(admin, "main");

  await row.getByLabel("Message to the customer (optional)").fill("Approved from the queue");
  await row.getByRole("button", { name: "Approve Payment" }).click();
  await expectToast(admin, "Status Updated", "Payment has been approved");
  await expect(row).toHaveCount(0, { timeout: LIVE_UPDATE_MS });

  // The customer's open page unlocks live, with the admin's note in the notification.
  await expect(customerPage.getByRole("heading", { name: "Gmail Credentials" })).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });
  await expect(customerPage.getByText("Payment Pending Review")).toHaveCount(0);
  expect(customerLoads).toBe(0);
  expect(adminLoads).toBe(0);
  // ...and the progress page's panel moves to "send your information", also without a reload.
  await expect(panel.getByText("Send your information")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  expect(progressLoads).toBe(0);
  await progressPage.close();

  // The customer sends their Google Business information: it joins the queue live, links to its tab, and
  // leaves the queue once an admin has opened the customer's page. Forms other specs left are marked opened first,
  // so this one is among the 20 the queue shows.
  expect((await admin.request.post("/__test/information/reviewed", { data: {} })).ok()).toBeTruthy();
  const saved = await customerPage.request.post("/dashboard/google-business", {
    multipart: {
      gmailEmail: "owner@gmail.com",
      gmailPassword: "secret",
      legalBusinessName: "Queue Plumbing",
      serviceType: "Plumbing",
      openingDate: "2020-01-01",
      phoneNumber: "(555) 123-4567",
      address: "1 Main St",
      city: "Austin",
      state: "TX",
      zip: "73301",
      "serviceCities[0]": "Austin",
      logo: { name: "logo.png", mimeType: "image/png", buffer: PROOF_PNG },
      photos: { name: "photo.png", mimeType: "image/png", buffer: PROOF_PNG },
    },
  });
  expect(saved.status(), await saved.text()).toBeLessThan(400);
  const info = admin.getByTestId("queue-information-row").filter({ hasText: customer.fullName });
  await expect(info).toContainText("Google Business info submitted", { timeout: LIVE_UPDATE_MS });
  expect(adminLoads).toBe(0);
  await info.getByRole("link", { name: customer.fullName }).click();
  await expect(admin.getByRole("tab", { name: "Google Business" })).toHaveAttribute("aria-selected", "true");
  await expect(admin.getByText("Queue Plumbing").first()).toBeVisible();
  await admin.goBack();
  await expect(admin.getByRole("heading", { name: /^Information submitted or updated/ })).toBeVisible();
  await expect(info).toHaveCount(0);
});
