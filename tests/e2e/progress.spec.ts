import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  E2E_ADMIN,
  E2E_BASE_URL,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signUpViaApi,
  test,
  type Customer,
} from "./fixtures";
import { mailsTo } from "./outbox";

/**
 * The contexts a test opened, closed when it ends: every admin context holds a live stream of the one e2e
 * admin account, which may hold only a few at once (server/events.ts), and other tests need theirs.
 */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newContext(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0] = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  opened.push(context);
  return context;
}

/** A customer signed up in `page`, on the progress page with its live stream open; answers their user id. */
async function signUpOnProgress(page: Page, customer: Customer): Promise<string> {
  await signUpViaApi(page, customer);
  const session = await page.request.get("/resources/session");
  const { user } = (await session.json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/progress");
  return user.id;
}

/** A customer in a browser context of their own, signed up, on their progress page with its live stream open. */
async function customerOnProgress(
  browser: Browser,
  customer: Customer,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; userId: string }> {
  const page = await (await newContext(browser, { viewport })).newPage();
  const userId = await signUpOnProgress(page, customer);
  await expect(page.getByRole("heading", { level: 1, name: "Construction Progress" })).toBeVisible();
  return { page, userId };
}

/** An admin signed in in a browser context of their own. */
async function adminContextPage(browser: Browser): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** The admin's customer page, on a service tab, with its live stream open. */
async function adminOnTab(page: Page, userId: string, tab: "Google Business" | "Web Site"): Promise<void> {
  await gotoWithLiveStream(page, `/admin/users/${userId}`);
  await page.getByRole("tab", { name: tab, exact: true }).click();
  const title = tab === "Google Business" ? "Google Business Profile Progress" : "Website Development Progress";
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

const step = (page: Page, label: string) => page.getByTestId("progress-step").filter({ hasText: label });
const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

/** Waits for the admin's save of a toggle (the page action's answer). */
const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/users/"),
  );

/** The admin ticks a Google Business step of the customer's checklist, that step only (every one used here has earlier steps not done). */
async function tickGoogleStep(admin: Page, userId: string, label: string): Promise<void> {
  await admin.goto(`/admin/users/${userId}/google-business`);
  const toggle = admin.getByRole("checkbox", { name: label });
  const save = saved(admin);
  await toggle.click();
  await admin
    .getByRole("dialog", { name: "Mark the earlier steps done too?" })
    .getByRole("button", { name: "Only this step" })
    .click();
  await save;
  await expect(toggle).toBeChecked();
}

test("the admin ticks 'Profile Creation': the customer's open page shows 17% and the step live, the bell tells; unticking sends nothing", async ({
  browser,
}) => {
  const { page: customerPage, userId } = await customerOnProgress(browser, newCustomer());
  let loads = 0;
  customerPage.on("load", () => (loads += 1));
  const google = customerPage.getByTestId("progress-card-google_business");
  await expect(google.getByRole("heading", { name: "Google Business Profile" })).toBeVisible();
  await expect(google.getByText("Setup and optimization progress")).toBeVisible();
  await expect(
    customerPage.getByTestId("progress-card-website").getByText("Website creation and launch progress"),
  ).toBeVisible();
  await expect(customerPage.getByText("No progress data available yet")).toHaveCount(2);

  const admin = await adminContextPage(browser);
  const secondAdmin = await adminContextPage(browser);
  await adminOnTab(admin, userId, "Google Business");
  await adminOnTab(secondAdmin, userId, "Google Business");
  // The left column stays the information column, with its own text.
  await expect(admin.getByRole("heading", { name: "Business Information" })).toBeVisible();

  const toggle = admin.getByRole("checkbox", { name: "Profile Creation" });
  await expect(toggle).not.toBeChecked();
  const save = saved(admin);
  await toggle.click();
  // 'Information Collection' is not done yet: the admin is offered to mark it too, and ticks this step only.
  const earlier = admin.getByRole("dialog", { name: "Mark the earlier steps done too?" });
  await expect(earlier.getByRole("listitem")).toHaveText(["Information Collection"]);
  await earlier.getByRole("button", { name: "Only this step" }).click();
  await expect(toggle).toBeChecked();
  expect((await save).status()).toBe(200);
  // The toast goes after a few seconds: read it before waiting on the other pages.
  await expectToast(admin, "Progress updated");

  // Live, without a reload: 17% as text and as the progressbar's value, the step ticked.
  const bar = customerPage.getByRole("progressbar", { name: "Google Business Profile progress" });
  await expect(bar).toHaveAttribute("aria-valuenow", "17", { timeout: LIVE_UPDATE_MS });
  await expect(google.getByTestId("progress-percentage")).toHaveText("17%", { timeout: LIVE_UPDATE_MS });
  await expect(step(customerPage, "Profile Creation")).toHaveAttribute("data-done", "true", {
    timeout: LIVE_UPDATE_MS,
  });
  await expect(step(customerPage, "Profile Creation")).toContainText("done");
  await expect(step(customerPage, "Information Collection")).toHaveAttribute("data-done", "false");
  await expect(step(customerPage, "Information Collection")).toContainText("not done");
  await expect(customerPage.getByText("No progress data available yet")).toHaveCount(1);
  expect(loads).toBe(0);

  // The second admin's open page shows the tick too.
  await expect(secondAdmin.getByRole("checkbox", { name: "Profile Creation" })).toBeChecked({
    timeout: LIVE_UPDATE_MS,
  });

  // The bell: one unread notification naming the step.
  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  await expect(customerPage.getByText("Profile Creation is complete", { exact: true })).toBeVisible();
  await expect(customerPage.getByText("Profile Creation is complete on your Google Business Profile.")).toBeVisible();
  await customerPage.keyboard.press("Escape");

  await expectNoAxeViolations(customerPage);

  // Unticking, by keyboard this time, asks first: Escape keeps the step done; confirming unticks it. The percentage
  // goes back to 0% and nobody is notified.
  await toggle.focus();
  await admin.keyboard.press("Space");
  const confirm = admin.getByRole("dialog", { name: 'Mark "Profile Creation" as not done?' });
  await expect(confirm).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await admin.keyboard.press("Space");
  const untick = saved(admin);
  await confirm.getByRole("button", { name: "Mark not done" }).press("Enter");
  await expect(toggle).not.toBeChecked();
  expect((await untick).status()).toBe(200);
  await expect(bar).toHaveAttribute("aria-valuenow", "0", { timeout: LIVE_UPDATE_MS });
  await expect(google.getByTestId("progress-percentage")).toHaveText("0%");
  await expect(step(customerPage, "Profile Creation")).toHaveAttribute("data-done", "false");
  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  await expect(customerPage.getByRole("list", { name: "Notifications list" }).getByRole("listitem")).toHaveCount(1);
  expect(loads).toBe(0);
  await expect(secondAdmin.getByRole("checkbox", { name: "Profile Creation" })).not.toBeChecked({
    timeout: LIVE_UPDATE_MS,
  });
});

test("offline, a toggle goes back and says 'Failed to update progress'; nothing was saved", async ({ browser }) => {
  const customer = newCustomer();
  const { page: customerPage, userId } = await customerOnProgress(browser, customer);
  const admin = await adminContextPage(browser);
  // This page keeps no live stream: every admin's stream hears of every customer's changes, and other tests
  // make some; a data reload while offline would fail for reasons of its own, not this toggle's.
  await admin.route(
    (url) => url.pathname === "/events",
    (route) => route.abort(),
  );
  await admin.goto(`/admin/users/${userId}`);
  await admin.getByRole("tab", { name: "Web Site", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Website Information" })).toBeVisible();

  // The admin's save (posted to the tab's own path) is held a moment, so the box is seen ticked before the answer.
  await admin.route(/\/admin\/users\/[^/]+\/website\.data/, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const launch = admin.getByRole("checkbox", { name: "Client Information Received" });
  await admin.context().setOffline(true);
  await launch.click();
  await expect(launch).toBeChecked();
  await expectToast(admin, "Error", "Failed to update progress");
  await expect(launch).not.toBeChecked();
  // The page is still the customer's page, not an error screen.
  await expect(admin.getByRole("heading", { name: "Website Development Progress" })).toBeVisible();

  await admin.context().setOffline(false);
  await expect(
    customerPage.getByTestId("progress-card-website").getByText("No progress data available yet"),
  ).toBeVisible();
  await admin.reload();
  await admin.getByRole("tab", { name: "Web Site", exact: true }).click();
  await expect(admin.getByRole("checkbox", { name: "Client Information Received" })).not.toBeChecked();
  await expect(customerPage.getByTestId("unread-badge")).toHaveCount(0);
});

test("deleting a record clears the customer's card live; the cards stack on a phone", async ({ browser, request }) => {
  const customer = newCustomer();
  const { page: customerPage, userId } = await customerOnProgress(browser, customer, { width: 375, height: 800 });
  const admin = await adminContextPage(browser);
  await adminOnTab(admin, userId, "Web Site");
  for (const label of [
    "Client Information Received",
    "Domain & Hosting Setup",
    "Planning & Structure Definition",
    "Design & Layout Creation",
    "Website Development",
  ]) {
    const save = saved(admin);
    await admin.getByRole("checkbox", { name: label }).click();
    expect((await save).status()).toBe(200);
  }
  const website = customerPage.getByTestId("progress-card-website");
  await expect(website.getByTestId("progress-percentage")).toHaveText("63%");
  await expect(customerPage.getByRole("progressbar", { name: "Website Development progress" })).toHaveAttribute(
    "aria-valuenow",
    "63",
  );

  // Phone width: the two cards one above the other, nothing wider than the screen.
  const googleBox = (await customerPage.getByTestId("progress-card-google_business").boundingBox())!;
  const websiteBox = (await website.boundingBox())!;
  expect(websiteBox.y).toBeGreaterThanOrEqual(googleBox.y + googleBox.height);
  expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const deleted = await request.post("/__test/progress/delete", {
    data: { email: customer.email, service: "website" },
  });
  expect(await deleted.json()).toEqual({ ok: true, deleted: true });
  await expect(website.getByText("No progress data available yet")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(website.getByRole("progressbar")).toHaveCount(0);
  // The admin's open page follows: every website step unticked again.
  await expect(admin.getByRole("checkbox", { name: "Client Information Received" })).not.toBeChecked({
    timeout: LIVE_UPDATE_MS,
  });
});

test("the customer list's counters move the customer from Inactive to In Progress to Active as steps are ticked", async ({
  browser,
}) => {
  const customer = newCustomer();
  const { userId } = await customerOnProgress(browser, customer);
  // One admin page (one live stream): the list, the customer's page to tick a step, and back.
  const list = await adminContextPage(browser);
  await gotoWithLiveStream(list, "/admin/users");
  const row = list.getByTestId("customer-row").filter({ hasText: customer.email });

  /**
   * The counters and the rows in one reading of the page: other tests add customers meanwhile, so the
   * counters are checked against the rows shown with them, and this customer's row for its activity.
   */
  const snapshot = () =>
    list.evaluate((email) => {
      const count = (name: string) => Number(document.querySelector(`[data-testid=counter-${name}]`)?.textContent);
      const rows = [...document.querySelectorAll<HTMLElement>("[data-testid=customer-row]")];
      const tally = (activity: string) => rows.filter((r) => r.dataset.activity === activity).length;
      return {
        counters: {
          total: count("total-users"),
          active: count("active"),
          inactive: count("inactive"),
          inProgress: count("in-progress"),
        },
        rows: {
          total: rows.length,
          active: tally("active"),
          inactive: tally("inactive"),
          inProgress: tally("in_progress"),
        },
        mine: rows.find((r) => r.textContent?.includes(email))?.dataset.activity,
      };
    }, customer.email);

  /**
   * The list shows 50 a page (more customers exist once other specs seed theirs): the counters add up, the
   * page holds as many rows as it can, and no state shows more rows than its counter counts.
   */
  const expectConsistent = (now: Awaited<ReturnType<typeof snapshot>>) => {
    const { counters, rows } = now;
    expect(counters.active + counters.inactive + counters.inProgress).toBe(counters.total);
    expect(rows.total).toBe(Math.min(counters.total, 50));
    expect(rows.active).toBeLessThanOrEqual(counters.active);
    expect(rows.inactive).toBeLessThanOrEqual(counters.inactive);
    expect(rows.inProgress).toBeLessThanOrEqual(counters.inProgress);
  };

  await expect(row).toHaveAttribute("data-activity", "inactive");
  let now = await snapshot();
  expectConsistent(now);
  expect(now.mine).toBe("inactive");

  const tick = async (label: string) => {
    await row.getByRole("link").click();
    await expect(list).toHaveURL(`/admin/users/${userId}`);
    await list.getByRole("tab", { name: "Google Business", exact: true }).click();
    const save = saved(list);
    await list.getByRole("checkbox", { name: label }).click();
    // The earlier steps stay as they are: the counters follow exactly the steps ticked.
    await list.getByRole("dialog").getByRole("button", { name: "Only this step" }).click();
    expect((await save).status()).toBe(200);
    await list.getByRole("link", { name: "Back to users" }).click();
    await expect(list).toHaveURL("/admin/users");
  };

  await tick("Verification Completed");
  await expect(row).toHaveAttribute("data-activity", "in_progress");
  now = await snapshot();
  expectConsistent(now);
  expect(now.counters.inProgress).toBeGreaterThanOrEqual(1);

  await tick("SEO & Local Setup");
  await expect(row).toHaveAttribute("data-activity", "active");
  now = await snapshot();
  expectConsistent(now);
  expect(now.counters.active).toBeGreaterThanOrEqual(1);
});

for (const language of ["en", "es"] as const) {
  test(`two ticks make one progress e-mail, sent when the window ends, listing both, with the page's link (${language})`, async ({
    browser,
  }) => {
    const customer = newCustomer();
    // Signed up in an English browser: the Spanish case switches the account's language on the page.
    const customerPage = await (await newContext(browser, { locale: "en-US" })).newPage();
    const userId = await signUpOnProgress(customerPage, customer);
    if (language === "es") {
      await customerPage.getByRole("button", { name: "Español" }).click();
      await expect(customerPage.locator("html")).toHaveAttribute("lang", "es");
    }
    const admin = await adminContextPage(browser);
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
    expect(mail!.subject).toBe(
      english ? "Your Google Business Profile: 2 steps done" : "Su Perfil de Google Business: 2 pasos completados",
    );
    expect(mail!.body).toContain(english ? "- Profile Creation" : "- Creación del perfil");
    expect(mail!.body).toContain(english ? "- Submitted for Verification" : "- Enviado para verificación");
    expect(mail!.body).toContain(`${E2E_BASE_URL}/dashboard/progress`);
  });
}
