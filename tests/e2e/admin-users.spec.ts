import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signUpViaApi,
  signUpWith,
  test,
  type Customer,
} from "./fixtures";

/** UTC+14, far from the server's zone: a date formatted on the server instead of in the browser would show. */
const VIEWER_TIME_ZONE = "Pacific/Kiritimati";

/** A 1x1 PNG: the smallest real image the proof upload accepts (it sniffs the bytes). */
const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** An admin signed in in a browser context of its own (the sign-in call shares the context's cookies). */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ timezoneId: VIEWER_TIME_ZONE });
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** 'MMM d, yyyy, h:mm AM' (the admin card's date) in the viewer's time zone. */
function viewerDateTime(date: Date): string {
  return date.toLocaleString("en-US", {
    timeZone: VIEWER_TIME_ZONE,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

const rowOf = (page: Page, customer: Customer) => page.getByTestId("customer-row").filter({ hasText: customer.email });
const counter = async (page: Page, name: string) => Number(await page.getByTestId(`counter-${name}`).textContent());

async function expectEmptyPayments(page: Page): Promise<void> {
  await expect(page.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("No payments registered for this user", { exact: true })).toBeVisible();
  await expect(page.getByText("No website payments yet", { exact: true })).toBeVisible();
  await expect(page.getByText("No Google Business payments yet", { exact: true })).toBeVisible();
}

test("the admin sees the counters and the customers newest first, and opens a customer by click and by keyboard", async ({
  browser,
  request,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const older = newCustomer({ fullName: `Dana Whitfield ${suffix}` });
  const newer = newCustomer({ fullName: `Noel Newer ${suffix}`, companyName: `Newer Painting ${suffix}` });
  await signUpWith(request, older);
  await signUpWith(request, newer);

  const page = await adminPage(browser);
  try {
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    for (const label of ["Total Users", "Active", "Inactive", "In Progress"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    // Other tests add customers at the same time, so the counters are checked for consistency, not exact values.
    const total = await counter(page, "total-users");
    expect(total).toBeGreaterThanOrEqual(2);
    expect(
      (await counter(page, "active")) + (await counter(page, "inactive")) + (await counter(page, "in-progress")),
    ).toBe(total);
    // 50 a page (tests/e2e/admin-customer-list.spec.ts covers the pages).
    await expect(page.getByTestId("customer-row")).toHaveCount(Math.min(total, 50));

    for (const heading of ["Name", "Email", "Phone", "Company", "Registration Date"]) {
      await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
    }
    const row = rowOf(page, newer);
    await expect(row.getByRole("cell").nth(0)).toHaveText(`NN${newer.fullName}`);
    await expect(row.getByRole("cell").nth(1)).toHaveText(newer.email);
    await expect(row.getByRole("cell").nth(2)).toHaveText(newer.phone);
    await expect(row.getByRole("cell").nth(3)).toHaveText(newer.companyName);
    await expect(row.getByRole("cell").nth(4)).toHaveText("Not paid yet");
    await expect(row.getByRole("cell").nth(5)).toHaveText("Unassigned");
    await expect(row.getByRole("cell").nth(6)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    // Newest first; the admin account is not a customer.
    const allEmails = await page.locator("[data-testid=customer-row] td:nth-child(2)").allTextContents();
    expect(allEmails.indexOf(newer.email)).toBeGreaterThanOrEqual(0);
    expect(allEmails.indexOf(newer.email)).toBeLessThan(allEmails.indexOf(older.email));
    expect(allEmails).not.toContain(E2E_ADMIN.email);
    await expectNoAxeViolations(page);

    // A click anywhere on the row opens the customer.
    await rowOf(page, older).getByRole("cell").nth(1).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(older.fullName);
    await expect(page.getByTestId("avatar-initials")).toHaveText("DW");
    for (const tab of ["Payments", "Notes", "Google Business", "Web Site", "Credentials"]) {
      await expect(page.getByRole("tab", { name: tab, exact: true })).toBeVisible();
    }
    await expectEmptyPayments(page);
    await expectNoAxeViolations(page);

    // Each tab is a page of its own, with the keys of a tab list: a click opens it, the arrow keys move to the next.
    await page.getByRole("tab", { name: "Notes" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/notes$/);
    await expect(page.getByText("No notes yet")).toBeVisible();
    await expect(page.getByText("No website payments yet")).toBeHidden();
    await page.keyboard.press("ArrowRight");
    const google = page.getByRole("tab", { name: "Google Business", exact: true });
    await expect(google).toBeFocused();
    await expect(google).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/google-business$/);
    await expect(page.getByTestId("admin-google-business-info")).toBeVisible();
    await expectNoAxeViolations(page);

    // Back to the list, then the keyboard: Enter on the focused name link.
    await page.getByRole("link", { name: "Back to users" }).click();
    await expect(page).toHaveURL("/admin/users");
    await rowOf(page, newer).getByRole("link", { name: newer.fullName }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newer.fullName);
    await expect(page.getByTestId("avatar-initials")).toHaveText("NN");

    // On a phone-sized screen the rows become cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/users");
    const scroller = page.getByTestId("customer-table-scroll");
    await expect(scroller).toBeVisible();
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  } finally {
    await page.context().close();
  }
});

test("an unknown customer id gives a not-found page", async ({ browser }) => {
  const page = await adminPage(browser);
  try {
    const response = await page.goto("/admin/users/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Customer not found" })).toBeVisible();
    const malformed = await page.goto("/admin/users/not-a-customer");
    expect(malformed?.status()).toBe(404);
    // A tab of a customer that does not exist says the same.
    const tab = await page.goto("/admin/users/00000000-0000-4000-8000-000000000000/notes");
    expect(tab?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Customer not found" })).toBeVisible();
  } finally {
    await page.context().close();
  }
});

function card(page: Page): Locator {
  return page.getByTestId("payment-card").filter({ hasText: "One payment" });
}

test("a new proof reaches the admin live; the admin views it, writes a note and approves it", async ({ browser }) => {
  // Two admins' live pages, three contexts and two axe passes: past 90 s under the whole suite's load.
  test.setTimeout(180_000);
  const customer = newCustomer({ fullName: `Rita Proof ${Math.random().toString(36).slice(2, 8)}` });
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signUpViaApi(customerPage, customer);

  const reviewer = await adminPage(browser);
  const watcher = await adminPage(browser);
  try {
    await reviewer.goto("/admin/users");
    await rowOf(reviewer, customer).getByRole("link", { name: customer.fullName }).click();
    await expect(reviewer.getByRole("heading", { level: 1 })).toHaveText(customer.fullName);
    await expectEmptyPayments(reviewer);
    const detailPath = new URL(reviewer.url()).pathname;

    // A second admin keeps the same page open, with its live stream connected; a marker shows it never reloads.
    await gotoWithLiveStream(watcher, detailPath);
    await expectEmptyPayments(watcher);
    await watcher.evaluate(() => ((window as unknown as { pageMarker: string }).pageMarker = "still here"));
    // The watcher's data reloads are slowed down a little, so 'Loading payments...' can be seen while one runs.
    await watcher.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });

    const before = viewerDateTime(new Date());
    const submitted = await customerPage.request.post("/resources/payments/proof", {
      multipart: {
        serviceType: "google_business",
        paymentNumber: "1",
        proof: { name: "proof.png", mimeType: "image/png", buffer: PNG_1X1 },
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(200);
    expect(await submitted.json()).toEqual({ ok: true });
    const after = viewerDateTime(new Date());

    // The watcher's page shows it without a reload.
    await expect(watcher.getByText("Loading payments...", { exact: true })).toBeVisible({ timeout: LIVE_UPDATE_MS });
    await expect(card(watcher)).toBeVisible({ timeout: LIVE_UPDATE_MS });
    await expect(watcher.getByText("Loading payments...", { exact: true })).toBeHidden();
    expect(await watcher.evaluate(() => (window as unknown as { pageMarker?: string }).pageMarker)).toBe("still here");
    await expect(watcher.getByText("No Google Business payments yet")).toBeHidden();
    await expect(watcher.getByText("No website payments yet")).toBeVisible();

    // The reviewer's page was open too: it updates the same way.
    const payment = card(reviewer);
    await expect(payment).toBeVisible({ timeout: LIVE_UPDATE_MS });
    await expect(payment.getByText("$250", { exact: true })).toBeVisible();
    await expect(payment.getByTestId("payment-method")).toHaveText("Zelle");
    await expect(payment.getByText("Zelle", { exact: true })).toBeVisible();
    const status = payment.getByTestId("payment-status");
    await expect(status).toHaveText("Pending");
    await expect(status).toHaveAttribute("data-tone", "yellow");
    const shownDate = await payment.locator("time").textContent();
    expect([before, after]).toContain(shownDate);
    await expect(
      reviewer.getByRole("region", { name: "Google Business Payments" }).getByTestId("payment-count"),
    ).toHaveText("1 payments");
    await expectNoAxeViolations(reviewer);

    // The proof opens full size in the 'Payment Proof' dialog, served to the admin; Escape closes it.
    await payment.getByRole("button", { name: /View payment proof/ }).click();
    const dialog = reviewer.getByRole("dialog", { name: "Payment Proof" });
    await expect(dialog).toBeVisible();
    const proof = dialog.getByRole("img", { name: /Payment proof/ });
    await expect(proof).toBeVisible();
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await reviewer.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    const notes = payment.getByLabel("Message to the customer (optional)");
    await notes.fill("Matches the bank transfer");
    await payment.getByRole("button", { name: "Approve Payment" }).click();
    await expectToast(reviewer, "Status Updated", "Payment has been approved");
    await expect(status).toHaveText("Completed");
    await expect(status).toHaveAttribute("data-tone", "green");
    await expect(payment.getByRole("button", { name: "Approve Payment" })).toHaveCount(0);
    await expect(payment.getByRole("button", { name: "Reject Payment" })).toHaveCount(0);
    // Decided, the message is text: what the customer was sent, no longer a field.
    const decision = payment.getByTestId("decision-message");
    await expect(decision.getByRole("heading", { name: "Message sent to the customer" })).toBeVisible();
    await expect(decision).toContainText("Matches the bank transfer");
    await expect(payment.getByRole("textbox")).toHaveCount(0);

    // The watcher sees the decision too; it stays after a reload.
    await expect(card(watcher).getByTestId("payment-status")).toHaveText("Completed", { timeout: LIVE_UPDATE_MS });
    await reviewer.reload();
    await expect(card(reviewer).getByTestId("payment-status")).toHaveText("Completed");

    // The customer was told, with the note.
    const list = await customerPage.request.get("/resources/notifications");
    const { items } = (await list.json()) as { items: { type: string; title: string; message: string }[] };
    expect(items[0]).toMatchObject({
      type: "payment",
      title: "Payment Approved",
      message:
        "Your payment for Google Business Profile Setup has been approved. Admin notes: Matches the bank transfer",
    });
  } finally {
    await reviewer.context().close();
    await watcher.context().close();
    await customerContext.close();
  }
});

test("of two admins deciding one payment, the second gets an error and the buttons back", async ({ browser }) => {
  const customer = newCustomer({ fullName: `Sam Second ${Math.random().toString(36).slice(2, 8)}` });
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signUpViaApi(customerPage, customer);
  const submitted = await customerPage.request.post("/resources/payments/proof", {
    multipart: {
      serviceType: "website",
      paymentNumber: "1",
      proof: { name: "proof.png", mimeType: "image/png", buffer: PNG_1X1 },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);

  const first = await adminPage(browser);
  const late = await adminPage(browser);
  try {
    // The late admin's page gets no live updates, so it still offers the buttons after the first decision.
    await late.route(
      (url) => url.pathname === "/events",
      (route) => route.abort(),
    );
    await first.goto("/admin/users");
    await rowOf(first, customer).getByRole("link", { name: customer.fullName }).click();
    await expect(first.getByRole("heading", { level: 1 })).toHaveText(customer.fullName);
    const detailPath = new URL(first.url()).pathname;
    await late.goto(detailPath);

    const firstCard = first.getByTestId("payment-card").filter({ hasText: "Payment 1 of 2" });
    await expect(firstCard.getByText("$350", { exact: true })).toBeVisible();
    await firstCard.getByRole("button", { name: "Reject Payment" }).click();
    const confirm = first.getByRole("dialog", { name: "Reject this payment?" });
    await confirm.getByLabel("Reason for the rejection (required)").fill("The amount does not match");
    await confirm.getByRole("button", { name: "Reject Payment" }).click();
    await expectToast(first, "Status Updated", "Payment has been rejected");
    await expect(firstCard.getByTestId("payment-status")).toHaveText("Rejected");
    await expect(firstCard.getByTestId("payment-status")).toHaveAttribute("data-tone", "red");

    const lateCard = late.getByTestId("payment-card").filter({ hasText: "Payment 1 of 2" });
    await expect(lateCard.getByTestId("payment-status")).toHaveText("Pending");
    await lateCard.getByRole("button", { name: "Approve Payment" }).click();
    await expectToast(late, "Error", "This payment has already been reviewed");
    await expect(lateCard.getByRole("button", { name: "Approve Payment" })).toBeEnabled();
    await expect(lateCard.getByRole("button", { name: "Reject Payment" })).toBeEnabled();
    await late.reload();
    await expect(lateCard.getByTestId("payment-status")).toHaveText("Rejected");

    const list = await customerPage.request.get("/resources/notifications");
    const { items } = (await list.json()) as { items: { title: string; message: string }[] };
    expect(items.filter((item) => item.title.startsWith("Payment "))).toEqual([
      expect.objectContaining({
        title: "Payment Rejected",
        message:
          "Your payment for Website Development (Payment 1 of 2) has been rejected. Admin notes: The amount does not match",
      }),
    ]);
  } finally {
    await first.context().close();
    await late.context().close();
    await customerContext.close();
  }
});
