import { expect, type Page } from "@playwright/test";
import {
  customerIn,
  E2E_ADMIN,
  expectToast,
  freshAdmin,
  newCustomer,
  signUpViaApi,
  signUpWith,
  test,
  toSpanish,
} from "./fixtures";
import { sendProofViaApi } from "./payments-support";

async function adminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function expectSignedOut(page: Page): Promise<void> {
  const session = await page.request.get("/resources/session");
  expect(await session.json()).toEqual({ user: null });
}

test.describe("the admin guard", () => {
  test("a signed-in customer opening an admin page is denied, signed out and sent to the admin login", async ({
    page,
  }) => {
    await signUpViaApi(page, newCustomer());
    await page.goto("/admin/users");
    await expectToast(page, "Access Denied", "You don't have admin privileges");
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
    await page.goto("/dashboard/progress");
    await expect(page).toHaveURL("/login");
  });

  test("an anonymous visitor goes to the admin login", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/admin/login");
    await page.goto("/admin/users");
    await expect(page).toHaveURL("/admin/login");
  });
});

test.describe("the admin login form", () => {
  // The page itself asks who signed in, signs a customer out and shows the message: only a browser runs that.
  // The wrong password's refusal is auth.test.ts's, as is a customer's session reaching this page.
  test("a customer's credentials are denied and leave no session", async ({ page, request }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    await adminLogin(page, customer.email, customer.password);
    await expectToast(page, "Access Denied", "You don't have admin privileges");
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
  });

  test("empty fields ask for both", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Error", "Please fill in all fields");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Error", "Please fill in all fields");
    await expect(page).toHaveURL("/admin/login");
  });

  test("the admin signs in, sees the dashboard and the sidebar, and logs out", async ({ page }) => {
    await adminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectToast(page, "Welcome back, Admin");
    await expect(page).toHaveURL("/admin/dashboard");
    for (const card of ["Revenue this month", "Customers waiting", "Jobs in progress"]) {
      await expect(page.getByRole("main").getByText(card, { exact: true })).toBeVisible();
    }

    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/users");
    await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/admin/settings");
    await expect(sidebar.getByRole("link", { name: "Analytics" })).toHaveAttribute("href", "/admin/analytics");
    await sidebar.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL("/admin/users");

    // The admin's session is not sent back to the login form.
    await page.goto("/admin/login");
    await expect(page).toHaveURL("/admin/dashboard");

    await sidebar.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/admin/login");
  });
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const figure = (page: Page, id: string) => page.getByTestId(`dashboard-figure-${id}`);
const dollars = async (page: Page) =>
  Number((await figure(page, "revenue").getByTestId("figure-value").textContent())!.replace(/[^\d.]/g, ""));
const whole = async (page: Page, id: string) =>
  Number((await figure(page, id).getByTestId("figure-value").textContent())!.replace(/\D/g, ""));

test("the dashboard opens on this month's revenue, the customers waiting and the jobs in progress, each a link to its list; the users list says what each customer paid and where each job stands, as cards on a phone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const customerPage = await (await browser.newContext()).newPage();
  const customer = await customerIn(customerPage);
  const userId = customer.id;
  await sendProofViaApi(customerPage.request, "google_business", 1);
  const admin = (await freshAdmin(browser, { viewport: { width: 1280, height: 900 } })).page;

  await admin.goto("/admin/dashboard");
  const main = admin.getByRole("main");
  // The navigation cards that repeated the sidebar are gone; the figures are there instead.
  for (const gone of ["User Management", "System Settings"])
    await expect(main.getByText(gone, { exact: true })).toHaveCount(0);
  await expect(figure(admin, "revenue")).toContainText("Revenue this month");
  await expect(figure(admin, "waiting")).toContainText("Customers waiting");
  await expect(figure(admin, "waiting")).toContainText(/\d+ payments? to review · \d+ information updates?/);
  expect(await whole(admin, "waiting")).toBeGreaterThanOrEqual(1);
  await expect(figure(admin, "in-progress")).toContainText("Jobs in progress");
  await expect(figure(admin, "in-progress")).toHaveAttribute("href", "/admin/users?status=in_progress");
  await expect(figure(admin, "revenue")).toHaveAttribute(
    "href",
    /^\/admin\/analytics\?period=custom&from=\d{4}-\d{2}-01&to=/,
  );
  // The figures come before the work queue.
  const figuresBottom = (await figure(admin, "waiting").boundingBox())!;
  const queueTop = (await main.getByRole("heading", { name: "Work queue", level: 2 }).boundingBox())!;
  expect(figuresBottom.y).toBeLessThan(queueTop.y);
  const revenueBefore = await dollars(admin);

  // Before the payment is approved the list says so.
  await admin.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(main.getByRole("columnheader", { name: "Status" })).toBeVisible();
  const row = admin.getByTestId("customer-row");
  await expect(row.getByTestId("customer-standing")).toHaveText("Not paid yet");

  // Approved, and a step ticked: paid, one step of six.
  await admin.goto(`/admin/users/${userId}`);
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expect(admin.getByTestId("payment-card").first().getByTestId("payment-status")).toHaveText("Completed");
  await admin.getByRole("tab", { name: "Google Business", exact: true }).click();
  const saved = admin.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/admin/users/${userId}`),
  );
  await admin.getByRole("checkbox", { name: "Information Collection" }).click();
  expect((await saved).status()).toBe(200);

  await admin.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(row.getByTestId("customer-standing")).toHaveText("Google Business: paid · 1/6 steps");
  await admin.goto("/admin/dashboard");
  expect(await dollars(admin)).toBeGreaterThanOrEqual(revenueBefore + 250);
  await figure(admin, "in-progress").click();
  await expect(admin).toHaveURL("/admin/users?status=in_progress");
  await expect(admin.getByTestId("customer-row").first()).toHaveAttribute("data-activity", "in_progress");

  // In Spanish.
  await toSpanish(admin);
  await admin.goto("/admin/dashboard");
  await expect(figure(admin, "revenue")).toContainText("Ingresos de este mes");
  await expect(figure(admin, "waiting")).toContainText("Clientes en espera");
  await expect(figure(admin, "in-progress")).toContainText("Trabajos en curso");
  await admin.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(main.getByRole("columnheader", { name: "Estado" })).toBeAttached();
  await expect(row.getByTestId("customer-standing")).toHaveText("Google Business: pagado · 1/6 pasos");

  // At 390 px the rows are cards: nothing scrolls sideways and the status is in view.
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto("/admin/users");
  await expect(row.first()).toBeVisible();
  expect(await noSidewaysScroll(admin)).toBeLessThanOrEqual(0);
  const card = (await row.first().boundingBox())!;
  expect(card.x + card.width).toBeLessThanOrEqual(390);
  const standing = (await row.first().getByTestId("customer-standing").boundingBox())!;
  expect(standing.x + standing.width).toBeLessThanOrEqual(390);
  await admin.goto("/admin/dashboard");
  expect(await noSidewaysScroll(admin)).toBeLessThanOrEqual(0);
});

/** The brand in the page's header: its name shown whole (not cut), its mark square. */
async function expectWholeBrand(page: Page): Promise<void> {
  const banner = page.getByRole("banner");
  const name = banner.getByTestId("brand-name");
  await expect(name).toBeVisible();
  const fits = await name.evaluate((el) => ({
    wide: el.scrollWidth - el.clientWidth,
    tall: el.scrollHeight - el.clientHeight,
  }));
  expect(fits.wide, "the brand name is cut sideways").toBeLessThanOrEqual(0);
  expect(fits.tall, "the brand name is cut below").toBeLessThanOrEqual(0);
  const mark = (await banner.getByTestId("brand-mark").boundingBox())!;
  expect(Math.abs(mark.width - mark.height), `the brand mark is ${mark.width}x${mark.height}`).toBeLessThanOrEqual(1);
  // Nothing in the header overlaps the name.
  const nameBox = (await name.boundingBox())!;
  const buttons = await banner.locator("a:not(:has([data-testid=brand-name])), button").evaluateAll((elements) =>
    elements
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => ({ left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
  );
  for (const box of buttons) {
    const overlaps =
      box.left < nameBox.x + nameBox.width - 0.5 &&
      box.right > nameBox.x + 0.5 &&
      box.top < nameBox.y + nameBox.height &&
      box.bottom > nameBox.y;
    expect(overlaps, "a header button overlaps the brand name").toBe(false);
  }
}

/** No two tick values of a chart's horizontal axis overlap; its axis titles are whole and clear of the values. */
async function expectReadableAxes(page: Page, chart: string): Promise<void> {
  const card = page.getByTestId(`${chart}-chart`);
  await expect(card.getByTestId(`${chart}-svg`)).toBeVisible();
  // The values written on the chart, grouped in rows (the horizontal axis's ticks share one line): within a row,
  // no two overlap. Read from the drawing itself, whatever the chart library calls its parts.
  const values = card.locator("svg text");
  await expect(values.first()).toBeVisible();
  const rows = await values.evaluateAll((texts) => {
    const byLine = new Map<number, { left: number; right: number }[]>();
    for (const text of texts) {
      const box = text.getBoundingClientRect();
      if (box.width === 0) continue;
      const line = Math.round(box.top + box.height / 2);
      byLine.set(line, [...(byLine.get(line) ?? []), { left: box.left, right: box.right }]);
    }
    return [...byLine.values()].filter((row) => row.length > 1).map((row) => row.sort((a, b) => a.left - b.left));
  });
  expect(rows.length, `${chart}: no row of axis values`).toBeGreaterThan(0);
  for (const row of rows) {
    for (let i = 1; i < row.length; i += 1)
      expect(row[i]!.left, `${chart}: value ${i} overlaps the one before`).toBeGreaterThanOrEqual(row[i - 1]!.right);
  }
  for (const title of await card.locator("[data-testid$=axis-title]").all()) {
    expect(await title.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = (await title.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width + 0.5);
  }
}

for (const width of [390, 1280]) {
  test(`at ${width}px, in English and Spanish: the brand is whole and its mark square, the sidebar runs the page's length, the analytics axes are readable`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const visitor = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    for (const landing of ["/", "/es"]) {
      await visitor.goto(landing);
      await expectWholeBrand(visitor);
      expect(await noSidewaysScroll(visitor)).toBeLessThanOrEqual(0);
    }

    const admin = (await freshAdmin(browser, { viewport: { width, height: 800 } })).page;
    for (const language of ["en", "es"]) {
      if (language === "es") {
        await admin.goto("/admin/dashboard");
        await toSpanish(admin);
      }
      for (const path of ["/admin/dashboard", "/admin/users", "/admin/activity"]) {
        // A live update may be reloading the page's data as it is left: a navigation cut short is tried again.
        await admin.goto(path).catch(() => admin.goto(path));
        await expectWholeBrand(admin);
        expect(await noSidewaysScroll(admin)).toBeLessThanOrEqual(0);
      }
      await admin.goto("/admin/analytics");
      await expectWholeBrand(admin);
      for (const chart of ["revenue", "sign-ups", "funnel"]) await expectReadableAxes(admin, chart);
      expect(await noSidewaysScroll(admin)).toBeLessThanOrEqual(0);
      if (width >= 1024) {
        // A long page: the sidebar's background reaches its end.
        const sidebar = (await admin.getByTestId("sidebar").boundingBox())!;
        const pageHeight = await admin.evaluate(() => document.documentElement.scrollHeight);
        expect(pageHeight).toBeGreaterThan(800);
        expect(sidebar.height).toBeGreaterThanOrEqual(pageHeight - 1);
        // Its links stay in view at the bottom of the page.
        await admin.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expect(admin.getByRole("navigation", { name: "Admin" }).getByRole("link").first()).toBeInViewport();
      }
    }
  });
}
