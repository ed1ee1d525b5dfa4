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
  await page.waitForLoadState("load");
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("the activity log, the payment card and the Database tab speak in a person's words, in English and Spanish; the Admin filter lists admins only", async ({
  browser,
}) => {
  test.setTimeout(180_000);
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
  await admin.getByRole("dialog", { name: "Mark the earlier steps done too?" }).getByRole("button", { name: "Only this step" }).click();
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
  await expect(buckets).toHaveCount(7);
  await expect(buckets.filter({ hasText: "Files sent in messages" })).toHaveCount(1);
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

const figure = (page: Page, id: string) => page.getByTestId(`dashboard-figure-${id}`);
const dollars = async (page: Page) => Number((await figure(page, "revenue").getByTestId("figure-value").textContent())!.replace(/[^\d.]/g, ""));
const whole = async (page: Page, id: string) => Number((await figure(page, id).getByTestId("figure-value").textContent())!.replace(/\D/g, ""));

test("the dashboard opens on this month's revenue, the customers waiting and the jobs in progress, each a link to its list; the users list says what each customer paid and where each job stands, as cards on a phone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: customerPage, customer, userId } = await customerWithId(browser);
  await sendProofViaApi(customerPage.request, "google_business", 1);
  const { page: admin } = await freshAdmin(browser);

  await admin.goto("/admin/dashboard");
  const main = admin.getByRole("main");
  // The navigation cards that repeated the sidebar are gone; the figures are there instead.
  for (const gone of ["User Management", "System Settings"]) await expect(main.getByText(gone, { exact: true })).toHaveCount(0);
  await expect(figure(admin, "revenue")).toContainText("Revenue this month");
  await expect(figure(admin, "waiting")).toContainText("Customers waiting");
  await expect(figure(admin, "waiting")).toContainText(/\d+ payments? to review · \d+ information updates?/);
  expect(await whole(admin, "waiting")).toBeGreaterThanOrEqual(1);
  await expect(figure(admin, "in-progress")).toContainText("Jobs in progress");
  await expect(figure(admin, "in-progress")).toHaveAttribute("href", "/admin/users?status=in_progress");
  await expect(figure(admin, "revenue")).toHaveAttribute("href", /^\/admin\/analytics\?period=custom&from=\d{4}-\d{2}-01&to=/);
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
  const saved = admin.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/admin/users/${userId}`));
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
  const fits = await name.evaluate((el) => ({ wide: el.scrollWidth - el.clientWidth, tall: el.scrollHeight - el.clientHeight }));
  expect(fits.wide, "the brand name is cut sideways").toBeLessThanOrEqual(0);
  expect(fits.tall, "the brand name is cut below").toBeLessThanOrEqual(0);
  const mark = (await banner.getByTestId("brand-mark").boundingBox())!;
  expect(Math.abs(mark.width - mark.height), `the brand mark is ${mark.width}x${mark.height}`).toBeLessThanOrEqual(1);
  // Nothing in the header overlaps the name.
  const nameBox = (await name.boundingBox())!;
  const buttons = await banner.locator("a:not(:has([data-testid=brand-name])), button").evaluateAll((elements) =>
    elements.map((el) => el.getBoundingClientRect()).filter((box) => box.width > 0).map((box) => ({ left: box.left, right: box.right, top: box.top, bottom: box.bottom })),
  );
  for (const box of buttons) {
    const overlaps = box.left < nameBox.x + nameBox.width - 0.5 && box.right > nameBox.x + 0.5 && box.top < nameBox.y + nameBox.height && box.bottom > nameBox.y;
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
    for (let i = 1; i < row.length; i += 1) expect(row[i]!.left, `${chart}: value ${i} overlaps the one before`).toBeGreaterThanOrEqual(row[i - 1]!.right);
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

    const { page: admin } = await freshAdmin(browser, { width, height: 800 });
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
