import { expect, type Browser, type Page } from "@playwright/test";
import { gotoWithLiveStream, newCustomer, sendNotification, signUpViaApi, type Customer, test, LIVE_UPDATE_MS } from "./fixtures";


const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId("unread-badge");
const panel = (page: Page) => page.getByRole("dialog").filter({ has: page.getByRole("heading", { name: "Notifications" }) });

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
    await sendNotification(request, alice.email, { title: "Payment Approved", message: "Your payment has been approved" });
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
