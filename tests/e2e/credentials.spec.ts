import { expect, type Browser, type Locator, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
} from "./fixtures";
import { countDocumentLoads } from "./payments-support";

const MASK = "••••••••";

async function customerOnCredentials(browser: Browser): Promise<{ page: Page; userId: string }> {
  const page = await (await browser.newContext()).newPage();
  await signUpViaApi(page, newCustomer());
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/credentials");
  return { page, userId: user.id };
}

async function acknowledgeWarning(page: Page) {
  const warning = page.getByRole("dialog", { name: "Security Warning" });
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: "I Understand" }).click();
  await expect(warning).toHaveCount(0);
}

async function adminOnCredentialsTab(browser: Browser, userId: string): Promise<Page> {
  const page = await signedInAdmin(browser);
  await gotoWithLiveStream(page, `/admin/users/${userId}`);
  await page.getByRole("tab", { name: "Credentials" }).click();
  return page;
}

const card = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

interface CardValues {
  provider?: string;
  website?: string;
  username?: string;
  pin?: string;
  password?: string;
  details?: string;
}

async function fillCard(region: Locator, websiteLabel: string, values: CardValues) {
  const fill = async (label: string, value: string | undefined) => {
    if (value !== undefined) await region.getByLabel(label, { exact: true }).fill(value);
  };
  await fill("Company Provider", values.provider);
  await fill(websiteLabel, values.website);
  await fill("Username", values.username);
  await fill("PIN", values.pin);
  await fill("Password", values.password);
  await fill("Details", values.details);
}

async function saveCard(page: Page, name: string, websiteLabel: string, values: CardValues) {
  const region = card(page, name);
  await region.getByRole("button", { name: "Edit" }).click();
  await fillCard(region, websiteLabel, values);
  await region.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Credentials saved successfully");
  await expect(region.getByRole("button", { name: "Edit" })).toBeVisible();
}

test("a customer saves all three cards, sees secrets masked, reveals one and edits one; the admin's open tab follows live, and the admin's edits reach the customer's open page", async ({
  browser,
}) => {
  const { page, userId } = await customerOnCredentials(browser);
  await acknowledgeWarning(page);
  const admin = await adminOnCredentialsTab(browser, userId);
  const adminLoads = countDocumentLoads(admin);
  const customerLoads = countDocumentLoads(page);

  await saveCard(page, "Domain", "Website", {
    provider: "GoDaddy",
    website: "https://casey-cleaning.com",
    username: "casey-domain",
    pin: "4321",
    password: "Domain-Pa55word!",
    details: "Renews every March",
  });
  await saveCard(page, "Hosting & Website", "Website", {
    provider: "Bluehost",
    website: "casey-cleaning.com",
    username: "casey-host",
    pin: "9876",
    password: "Hosting-Pa55word!",
  });
  await saveCard(page, "Google Business", "Gmail Email", {
    provider: "Google",
    website: "casey.cleaning@gmail.com",
    username: "casey.cleaning",
    password: "Gmail-Pa55word!",
  });
  await expect(card(page, "Google Business").getByLabel("PIN")).toHaveCount(0);

  // Masked in the page; the values are not in its HTML either.
  const domain = card(page, "Domain");
  await expect(domain.getByTestId("secret-password")).toHaveText(MASK);
  await expect(domain.getByTestId("secret-pin")).toHaveText(MASK);
  expect(await page.content()).not.toContain("Domain-Pa55word!");
  // Show reveals one value through its own request; Hide masks it again.
  await domain.getByRole("button", { name: "Show Password" }).click();
  await expect(domain.getByTestId("secret-password")).toHaveText("Domain-Pa55word!");
  await domain.getByRole("button", { name: "Hide Password" }).click();
  await expect(domain.getByTestId("secret-password")).toHaveText(MASK);

  // The admin's open tab has every card, without a reload.
  await expect(card(admin, "Domain").getByText("casey-domain")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(card(admin, "Hosting & Website").getByText("Bluehost")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(card(admin, "Google Business").getByText("casey.cleaning@gmail.com")).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });

  // The customer edits one card: an empty password keeps the saved one.
  await saveCard(page, "Domain", "Website", { username: "casey-domain-2" });
  await expect(domain.getByText("casey-domain-2")).toBeVisible();
  await expect(card(admin, "Domain").getByText("casey-domain-2")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await card(admin, "Domain").getByRole("button", { name: "Show Password" }).click();
  await expect(card(admin, "Domain").getByTestId("secret-password")).toHaveText("Domain-Pa55word!");
  expect(adminLoads()).toBe(0);

  // The admin edits all three cards and saves them together; the customer's open page follows.
  await admin.getByRole("button", { name: "Edit" }).click();
  await fillCard(card(admin, "Domain"), "Website", { username: "admin-domain-user" });
  await fillCard(card(admin, "Hosting & Website"), "Website", {
    provider: "SiteGround",
    password: "Admin-Hosting-Pw1",
  });
  await fillCard(card(admin, "Google Business"), "Gmail Email", { details: "Recovery phone is the office line" });
  await admin.getByRole("button", { name: "Save" }).click();
  await expectToast(admin, "Credentials saved successfully");
  await expect(card(admin, "Hosting & Website").getByText("SiteGround")).toBeVisible();

  await expect(domain.getByText("admin-domain-user")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  const hosting = card(page, "Hosting & Website");
  await expect(hosting.getByText("SiteGround")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await hosting.getByRole("button", { name: "Show Password" }).click();
  await expect(hosting.getByTestId("secret-password")).toHaveText("Admin-Hosting-Pw1");
  const google = card(page, "Google Business");
  await google.getByRole("button", { name: "Show Details" }).click();
  await expect(google.getByTestId("secret-details")).toHaveText("Recovery phone is the office line");
  expect(customerLoads()).toBe(0);
});

test("each card is checked before saving, the warning is remembered, and the page passes axe at 375 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/credentials");
  await expect(page.getByRole("dialog", { name: "Security Warning" })).toBeVisible();
  await expectNoAxeViolations(page);
  await acknowledgeWarning(page);

  const hosting = card(page, "Hosting & Website");
  await hosting.getByRole("button", { name: "Edit" }).click();
  await fillCard(hosting, "Website", { website: "not a link" });
  await hosting.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Validation Error", "Hosting & Website: Must be a valid URL or email address");
  await expect(hosting.getByLabel("Website", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // The form with its error, once the toast (which fades in and out) has gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await expectNoAxeViolations(page);
  const [scrollWidth, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(viewport);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Credentials", level: 1 })).toBeVisible();
  await expect(card(page, "Domain")).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Security Warning" })).toHaveCount(0);
});
