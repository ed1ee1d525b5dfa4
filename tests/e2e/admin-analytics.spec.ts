import { expect, type Browser, type Page } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_ADMIN, expectNoAxeViolations, newCustomer, signUpWith, test } from "./fixtures";

async function adminPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext(viewport ? { viewport } : {})).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A UTC day counted from today, as YYYY-MM-DD. */
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The weeks (Monday first, UTC) the default period's sign-ups table lists: from the week of the 1st of the month 11
 * months back to this week. Early in a month that is 11 months and a few days, fewer than 52 weeks.
 */
function weeksOfLastTwelveMonths(today = new Date()): number {
  const mondayOf = (day: Date) =>
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 11, 1));
  return Math.round((mondayOf(today) - mondayOf(first)) / (7 * DAY_MS)) + 1;
}

const number = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).textContent())?.match(/\d+/)?.[0]);

test("an admin reads the charts and their tables", async ({ browser, request }) => {
  // Other specs sign people up on the same server: this one only relies on its own customer being counted.
  await signUpWith(request, newCustomer());
  const page = await adminPage(browser);
  await page.goto("/admin/analytics");
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" })).toBeVisible();

  for (const [id, title] of [
    ["revenue", "Revenue per month"],
    ["sign-ups", "Sign-ups per week"],
    ["funnel", "Customer funnel"],
  ] as const) {
    const card = page.getByTestId(`analytics-${id}`);
    await expect(card.getByRole("heading", { name: title })).toBeVisible();
    await expect(card.getByTestId(`${id}-chart`).getByTestId(`${id}-svg`)).toBeVisible();
    await card.getByText("Show the figures as a table").click();
    await expect(card.getByRole("table")).toBeVisible();
  }
  // Axis titles and values are written on the charts (exactly: each bar's title repeats its label with the figure).
  await expect(page.getByTestId("revenue-chart").getByText("US dollars", { exact: true })).toBeVisible();
  await expect(page.getByTestId("sign-ups-chart").getByText("Customers", { exact: true })).toBeVisible();
  await expect(page.getByTestId("funnel-chart").getByText("Signed up", { exact: true })).toBeVisible();

  // The default period is the last 12 months; this test's customer signed up in it.
  expect(page.url()).not.toContain("period=");
  const signUps = await number(page, "stat-sign-ups");
  expect(signUps).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId("funnel-signedUp").getByRole("cell").first()).toHaveText(String(signUps));
  const weekly = page.getByTestId("analytics-sign-ups").getByRole("table");
  // One row a week of the period (11 whole months and this one so far), plus the header row.
  expect(await weekly.getByRole("row").count()).toBe(weeksOfLastTwelveMonths() + 1);
  await expect(page.getByTestId("analytics-revenue").getByRole("table").locator("tbody tr")).toHaveCount(12);
  await expectNoAxeViolations(page);
});

// Which periods cannot be read, and what the page then says in English and Spanish, are the period parser's, the page's
// and the loader's tests (analytics-period.test.ts, app/routes/admin/analytics.test.tsx, tests/integration/analytics.test.ts).
// Here the admin only picks periods, and the figures follow.
test("an admin changes the period, and the figures follow", async ({ browser, request }) => {
  await signUpWith(request, newCustomer());
  const page = await adminPage(browser);
  // From the sidebar: a client-side navigation, which fetches the route's code only now (under the page's CSP).
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL("/admin/analytics");
  await expect(page.getByTestId("revenue-chart").getByTestId("revenue-svg")).toBeVisible();

  // Another period: the URL keeps it, and the figures follow.
  await page.getByLabel("Period", { exact: true }).selectOption("30d");
  await page.getByRole("button", { name: "Show figures" }).click();
  await expect(page).toHaveURL(/\?period=30d$/);
  await expect(page.getByTestId("analytics-range")).toHaveText(`${isoDay(-29)} to ${isoDay(0)} (UTC)`);
  // A 30-day window spans one or two calendar months.
  await expect(page.getByTestId("analytics-revenue").locator("table tbody tr")).toHaveCount(
    isoDay(-29).slice(0, 7) === isoDay(0).slice(0, 7) ? 1 : 2,
  );
  expect(await number(page, "stat-sign-ups")).toBeGreaterThanOrEqual(1);

  // Custom dates in the past: nobody had signed up then.
  await page.getByLabel("Period", { exact: true }).selectOption("custom");
  await page.getByLabel("From", { exact: true }).fill("2020-01-01");
  await page.getByLabel("To", { exact: true }).fill("2020-03-31");
  await page.getByRole("button", { name: "Show figures" }).click();
  await expect(page).toHaveURL(/period=custom&from=2020-01-01&to=2020-03-31/);
  await expect(page.getByTestId("stat-sign-ups")).toHaveText("0");
  await expect(page.getByTestId("stat-revenue")).toHaveText("$0");
  await expect(page.getByTestId("median-days")).toHaveText("No service was launched in this period.");
  await expect(page.getByTestId("analytics-revenue").locator("table tbody tr")).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test("the analytics page fits a 375 px wide screen", async ({ browser }) => {
  const page = await adminPage(browser, { width: 375, height: 800 });
  await page.goto("/admin/analytics?period=90d");
  await expect(page.getByTestId("revenue-chart").getByTestId("revenue-svg")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the charts come drawn from the server, and no chart library is in the JavaScript", async ({ browser }) => {
  const page = await adminPage(browser);
  // The HTML as sent, before any script runs: each chart is already there, bars included.
  const html = await (await page.request.get("/admin/analytics")).text();
  for (const id of ["revenue", "sign-ups", "funnel"])
    expect(html).toMatch(new RegExp(`<svg data-testid="${id}-svg"[^]*?<rect `));
  // The charts are the page's own components: the chart library they replaced must not come back into any bundle.
  const assets = path.join("build", "client", "assets");
  const withRecharts = readdirSync(assets).filter(
    (file) => file.endsWith(".js") && readFileSync(path.join(assets, file), "utf8").includes("recharts"),
  );
  expect(withRecharts).toEqual([]);
});
