import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN, expectToast, gotoWithLiveStream, newCustomer, signUpViaApi, test } from "./fixtures";
import { countDocumentLoads } from "./payments-support";

// Runs in the "server-wide" project, after every other spec: Maintenance Mode reaches every customer.
const LIVE_UPDATE_MS = 5000;

async function signedInAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin/dashboard");
  return page;
}

async function setMaintenance(admin: Page, on: boolean) {
  await admin.getByRole("tab", { name: "General" }).click();
  const toggle = admin.getByRole("switch", { name: "Maintenance Mode" });
  if (on) await toggle.check();
  else await toggle.uncheck();
  await admin.getByRole("button", { name: "Save General Settings" }).click();
  await expectToast(admin, "Settings saved", "General settings have been updated successfully");
}

test("Maintenance Mode: a customer's open dashboard switches to the maintenance page live and back; sign-in shows it; admins are unaffected", async ({ browser }) => {
  const customerPage = await (await browser.newContext()).newPage();
  await signUpViaApi(customerPage, newCustomer());
  await gotoWithLiveStream(customerPage, "/dashboard/progress");
  const customerLoads = countDocumentLoads(customerPage);
  await expect(customerPage.getByRole("link", { name: "Your profile" })).toBeVisible();

  const admin = await signedInAdmin(browser);
  const watcher = await signedInAdmin(browser);
  await gotoWithLiveStream(admin, "/admin/settings");
  await gotoWithLiveStream(watcher, "/admin/settings");

  await setMaintenance(admin, true);
  await expect(customerPage.getByRole("heading", { name: "Under Maintenance" })).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(customerPage.getByRole("link", { name: "help@" }).or(customerPage.getByRole("link", { name: /@/ }))).toBeVisible();
  // The other admin's open page follows; admins keep their pages.
  await expect(watcher.getByRole("switch", { name: "Maintenance Mode" })).toBeChecked({ timeout: LIVE_UPDATE_MS });
  await watcher.goto("/admin/users");
  await expect(watcher.getByRole("heading", { name: "Under Maintenance" })).toHaveCount(0);

  // A signed-out visitor's sign-in page shows it too; the landing page does not.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/login");
  await expect(visitor.getByRole("heading", { name: "Under Maintenance" })).toBeVisible();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: "Under Maintenance" })).toHaveCount(0);

  await setMaintenance(admin, false);
  await expect(customerPage.getByRole("heading", { name: "Under Maintenance" })).toHaveCount(0, { timeout: LIVE_UPDATE_MS });
  await expect(customerPage.getByRole("link", { name: "Your profile" })).toBeVisible();
  expect(customerLoads()).toBe(0);
  await visitor.goto("/login");
  await expect(visitor.getByRole("button", { name: "Login" })).toBeVisible();
});

test("the Security tab refuses numbers out of bounds and saves good ones; the page keeps them after a reload", async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Security" }).click();
  await admin.getByLabel("Max Login Attempts").fill("2");
  await admin.getByRole("button", { name: "Save Security Settings" }).click();
  await expectToast(admin, "Max login attempts must be a whole number from 3 to 20");
  await admin.getByLabel("Max Login Attempts").fill("6");
  await admin.getByLabel("Session Duration (minutes)").fill("45");
  await admin.getByRole("button", { name: "Save Security Settings" }).click();
  await expectToast(admin, "Security updated", "Security settings have been saved");
  await admin.reload();
  await admin.getByRole("tab", { name: "Security" }).click();
  await expect(admin.getByLabel("Max Login Attempts")).toHaveValue("6");
  await expect(admin.getByLabel("Session Duration (minutes)")).toHaveValue("45");

  await admin.getByRole("tab", { name: "Notifications" }).click();
  await expect(admin.getByRole("switch", { name: "System errors" })).not.toBeChecked();
  await expect(admin.getByRole("switch", { name: "New user registration" })).toBeChecked();
  await admin.getByRole("button", { name: "Save Notification Settings" }).click();
  await expectToast(admin, "Notifications updated", "Notification preferences have been saved");
});
