import { expect, type Browser, type Page } from "@playwright/test";
import { expectedMix, seededCustomer } from "../../db/seed-customers.js";
import { E2E_ADMIN, E2E_BASE_URL, expectNoAxeViolations, test } from "./fixtures";

/** More than a page: 50 on the first, 10 on the second. */
const SEEDED = 60;

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { origin: E2E_BASE_URL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

const rows = (page: Page) => page.getByTestId("customer-row");
const summary = (page: Page) => page.getByTestId("customer-list-summary");

test("the admin searches the customers, filters by a counter card, pages through them, on a phone too", async ({
  browser,
  request,
}) => {
  // Customers of this test only, inserted directly; their names, e-mails and companies carry the prefix.
  const prefix = `e2e${Math.random().toString(36).slice(2, 8).replace(/\d/g, "x")}`;
  const seeded = await request.post("/__test/customers/seed", { data: { count: SEEDED, prefix } });
  expect(seeded.status(), await seeded.text()).toBe(201);
  const mix = expectedMix(SEEDED);

  const page = await adminPage(browser);
  try {
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    // The whole agency (these and other tests' customers) is bigger than a page: 50 rows and the page links.
    const total = Number(await page.getByTestId("counter-total-users").textContent());
    expect(total).toBeGreaterThanOrEqual(SEEDED);
    await expect(rows(page)).toHaveCount(50);
    await expect(summary(page)).toHaveText(`Showing 1–50 of ${total} customers`);
    await expect(page.getByRole("navigation", { name: "Customer pages" })).toBeVisible();

    // The search box: by name part, through the keyboard.
    const search = page.getByLabel("Search by name, email, company or phone");
    await search.fill(prefix);
    await search.press("Enter");
    await expect(page).toHaveURL(`/admin/users?q=${prefix}`);
    await expect(summary(page)).toHaveText(`Showing 1–50 of ${SEEDED} customers · matching “${prefix}”`);
    await expect(rows(page)).toHaveCount(50);
    // Newest first: customer 1 registered last.
    await expect(rows(page).first()).toContainText(seededCustomer(1, prefix).fullName);

    // Page 2 holds the last ten, the search kept.
    await page.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(`/admin/users?q=${prefix}&page=2`);
    await expect(rows(page)).toHaveCount(SEEDED - 50);
    await expect(summary(page)).toHaveText(`Showing 51–${SEEDED} of ${SEEDED} customers · matching “${prefix}”`);
    await expect(rows(page).last()).toContainText(seededCustomer(SEEDED, prefix).fullName);
    await expect(page.getByRole("navigation", { name: "Customer pages" }).locator("[aria-current=page]")).toHaveText(
      "Page 2",
    );
    await page.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`/admin/users?q=${prefix}`);

    // A counter card click filters the search's customers by that state; the card says it is the current one.
    await page.getByTestId("counter-card-in-progress").click();
    await expect(page).toHaveURL(`/admin/users?q=${prefix}&status=in_progress`);
    await expect(rows(page)).toHaveCount(mix.inProgress);
    expect(new Set(await rows(page).evaluateAll((all) => all.map((row) => row.getAttribute("data-activity"))))).toEqual(
      new Set(["in_progress"]),
    );
    await expect(page.getByTestId("counter-card-in-progress")).toHaveAttribute("aria-current", "true");
    await page.getByTestId("counter-card-active").click();
    await expect(page).toHaveURL(`/admin/users?q=${prefix}&status=active`);
    await expect(rows(page)).toHaveCount(mix.active);
    await page.getByTestId("counter-card-inactive").click();
    await expect(rows(page)).toHaveCount(mix.inactive);
    // Total Users shows everyone again (the search stays).
    await page.getByTestId("counter-card-total-users").click();
    await expect(page).toHaveURL(`/admin/users?q=${prefix}`);
    await expect(summary(page)).toContainText(`of ${SEEDED} customers`);

    // By e-mail, by company, by phone digits: the one customer.
    const nine = seededCustomer(9, prefix);
    for (const term of [nine.email, nine.companyName ?? nine.email, nine.phone!.replace(/\D/g, "")]) {
      await search.fill(term);
      await search.press("Enter");
      await expect(summary(page)).toContainText(term);
      if (term.match(/^\d+$/)) {
        // Phone digits match every test's seeded customer 9 (they share the number): this one is among them.
        await expect(rows(page).filter({ hasText: nine.email })).toHaveCount(1);
      } else {
        await expect(rows(page)).toHaveCount(1);
        await expect(rows(page)).toContainText(nine.email);
      }
    }
    await search.fill(`${prefix} nobody`);
    await search.press("Enter");
    await expect(page.getByText("No customers match this search or filter")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL("/admin/users");

    await expectNoAxeViolations(page);

    // At 375 px: the search, the cards and the pages fit; only the table scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/admin/users?q=${prefix}`);
    await expect(search).toBeVisible();
    await expect(page.getByTestId("counter-card-active")).toBeVisible();
    await page.getByRole("link", { name: "Next" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("link", { name: "Next" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(rows(page)).toHaveCount(SEEDED - 50);
  } finally {
    await page.context().close();
  }
});

test("a bad address gives the list with a clear message, not an error page", async ({ browser }) => {
  const page = await adminPage(browser);
  try {
    const response = await page.goto(`/admin/users?page=abc&status=asleep&q=${"x".repeat(101)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId("customer-list-error")).toHaveText(
      "Search must be 100 characters or fewer. Unknown filter: choose Total Users, Active, Inactive or In Progress. Page must be a whole number of 1 or more",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(page.getByTestId("counter-total-users")).toBeVisible();
    await expect(page.getByText("Failed to load users")).toHaveCount(0);
  } finally {
    await page.context().close();
  }
});
