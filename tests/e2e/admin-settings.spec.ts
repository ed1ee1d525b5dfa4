import { expect, type Page } from "@playwright/test";
import {
  expectToast,
  gotoWithLiveStream,
  newCustomer,
  signUpViaApi,
  test,
  LIVE_UPDATE_MS,
  signedInAdmin,
} from "./fixtures";
import { countDocumentLoads, sendProofViaApi } from "./payments-support";

// Runs in the "server-wide" project, after every other spec: Maintenance Mode reaches every customer.

async function setMaintenance(admin: Page, on: boolean) {
  await admin.getByRole("tab", { name: "General" }).click();
  const toggle = admin.getByRole("switch", { name: "Maintenance Mode" });
  if (on) await toggle.check();
  else await toggle.uncheck();
  await admin.getByRole("button", { name: "Save General Settings" }).click();
  await expectToast(admin, "Settings saved", "General settings have been updated successfully");
}

test("Maintenance Mode: a customer's open dashboard switches to the maintenance page live and back; sign-in shows it; admins are unaffected", async ({
  browser,
  settingsToRestore,
}) => {
  settingsToRestore.add("general");
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
  await expect(customerPage.getByRole("heading", { name: "Under Maintenance" })).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });
  await expect(
    customerPage.getByRole("link", { name: "help@" }).or(customerPage.getByRole("link", { name: /@/ })),
  ).toBeVisible();
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
  await expect(customerPage.getByRole("heading", { name: "Under Maintenance" })).toHaveCount(0, {
    timeout: LIVE_UPDATE_MS,
  });
  await expect(customerPage.getByRole("link", { name: "Your profile" })).toBeVisible();
  expect(customerLoads()).toBe(0);
  await visitor.goto("/login");
  await expect(visitor.getByRole("button", { name: "Login" })).toBeVisible();
});

test("the Security tab refuses numbers out of bounds and saves good ones; the page keeps them after a reload", async ({
  browser,
  settingsToRestore,
}) => {
  settingsToRestore.add("security");
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

  // Database: each bucket with its figures, the status view, and the log.
  await admin.getByRole("tab", { name: "Database" }).click();
  await expect(admin.getByTestId("storage-bucket")).toHaveCount(7);
  await expect(admin.getByTestId("storage-bucket").filter({ hasText: "Payment proofs and note photos" })).toContainText(
    /\d+ files? · /,
  );
  await expect(admin.getByText(/Database size: \d/)).toBeVisible();
  await admin.getByRole("button", { name: "View Backend" }).click();
  const backend = admin.getByRole("dialog", { name: "Backend Status" });
  await expect(backend.getByText("Embedded (PGlite)")).toBeVisible();
  await expect(backend.getByText("Migrations applied")).toBeVisible();
  await backend.getByRole("button", { name: "Close" }).click();
  await admin.getByRole("link", { name: "Database Logs" }).click();
  await expect(admin).toHaveURL("/admin/activity");
  await expect(admin.getByRole("heading", { name: "Activity Log" })).toBeVisible();
});

test("the activity log shows the payment decision, the note, the settings change and a credential reveal, with the right admin and customer", async ({
  browser,
  settingsToRestore,
}) => {
  settingsToRestore.add("notifications");
  const customerPage = await (await browser.newContext()).newPage();
  const customer = newCustomer();
  await signUpViaApi(customerPage, customer);
  const { user } = (await (await customerPage.request.get("/resources/session")).json()) as { user: { id: string } };
  await sendProofViaApi(customerPage.request, "google_business", 1);

  const admin = await signedInAdmin(browser);
  await admin.goto(`/admin/users/${user.id}`);
  // The payment decision.
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expectToast(admin, "Status Updated");
  // A credential saved, then revealed.
  await admin.getByRole("tab", { name: "Credentials" }).click();
  await admin.getByRole("button", { name: "Edit" }).click();
  await admin
    .getByRole("region", { name: "Domain", exact: true })
    .getByLabel("Password", { exact: true })
    .fill("Act1vity-Domain-Pw");
  await admin.getByRole("button", { name: "Save" }).click();
  await expectToast(admin, "Credentials saved successfully");
  await admin
    .getByRole("region", { name: "Domain", exact: true })
    .getByRole("button", { name: "Show Password" })
    .click();
  await expect(admin.getByRole("region", { name: "Domain", exact: true }).getByTestId("secret-password")).toHaveText(
    "Act1vity-Domain-Pw",
  );
  // A note.
  await admin.getByRole("tab", { name: "Notes" }).click();
  await admin.getByRole("button", { name: "Add Note" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Note" });
  await dialog.getByLabel("Title").fill("Activity note");
  await dialog.getByLabel("Description").fill("Written for the log");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expectToast(admin, "Note created successfully");
  // A settings change.
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Notifications" }).click();
  await admin.getByRole("switch", { name: "User profile updates" }).uncheck();
  const saveNotifications = admin.getByRole("button", { name: "Save Notification Settings" });
  await saveNotifications.click();
  await expectToast(admin, "Notifications updated", "Notification preferences have been saved");
  // The toast comes with the save's answer; the page's reload after it resets the form to what was stored, and the
  // button is enabled again once that reload is in: a switch flipped before then would be flipped back.
  await expect(saveNotifications).toBeEnabled();
  await admin.getByRole("switch", { name: "User profile updates" }).check();
  await admin.getByRole("button", { name: "Save Notification Settings" }).click();
  await expectToast(admin, "Notifications updated", "Notification preferences have been saved");

  // The log, from the sidebar: newest first, the settings change on top.
  await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
  await expect(admin.getByRole("heading", { name: "Activity Log" })).toBeVisible();
  const events = admin.getByTestId("activity-event");
  await expect(events.first().getByTestId("activity-action")).toHaveText("Changed settings");
  await expect(events.first()).toContainText("Notification settings: User profile updates");

  // Filtered to this customer: the four actions, each by the admin, on this customer.
  await admin.getByLabel("Customer").selectOption({ label: customer.fullName });
  await admin.getByRole("button", { name: "Apply filters" }).click();
  await expect(admin).toHaveURL(new RegExp(`customer=${user.id}`));
  await expect(events.getByTestId("activity-action")).toHaveText([
    "Created a note",
    "Revealed a secret",
    "Saved credentials",
    "Approved a payment",
  ]);
  for (const actor of await events.getByTestId("activity-actor").allTextContents()) expect(actor).toBe("Admin");
  for (const name of await events.getByTestId("activity-customer").allTextContents())
    expect(name).toBe(customer.fullName);
  await expect(events.first()).toContainText("Activity note");
  await expect(events.nth(1)).toContainText("Password (Credentials)");
  await expect(events.nth(3)).toContainText("Google Business");
  // The secret itself is never in the log.
  await expect(admin.getByText("Act1vity-Domain-Pw")).toHaveCount(0);

  // At 375 px wide the log and the settings fit the screen.
  await admin.setViewportSize({ width: 375, height: 740 });
  for (const path of [`/admin/activity?customer=${user.id}`, "/admin/settings"]) {
    await admin.goto(path);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    expect(
      await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
});
