import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { E2E_BASE_URL, expectToast, freshAdmin, newCustomer, signedInAdmin, signUpWith, test } from "./fixtures";

/** Where the Database tab's screenshots go (English and Spanish, desktop and phone), for a person to look at. */
const SHOTS = "test-results/privacy-admin";

/** The page fits its width: nothing wider than the screen (a phone scrolls down, never sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test("the admin exports the customer list with a search applied, and reads the customer's row in the CSV", async ({
  browser,
  request,
}) => {
  const customer = newCustomer({ fullName: "Zoë Exportable", companyName: "Roofing, Inc." });
  await signUpWith(request, customer);

  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/users");
  await admin.getByLabel("Search by name, email, company or phone").fill(customer.email);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin.getByTestId("customer-list-summary")).toContainText("Showing 1–1 of 1 customers");
  const link = admin.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute(
    "href",
    `/admin/customers.csv?q=${encodeURIComponent(customer.email).replace(/%20/g, "+")}`,
  );

  const [download] = await Promise.all([admin.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe("Name,Email,Phone,Company,Status,Assigned to,Registration Date,Activity");
  // The search applied: the one customer, then the file's end.
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(
      new RegExp(
        `^Zoë Exportable,${customer.email.replace(/[.+]/g, "\\$&")},\\(555\\) 123-4567,"Roofing, Inc\\.",Not paid yet,[^,]*,\\d{4}-\\d{2}-\\d{2},Inactive$`,
      ),
    ),
    "",
  ]);

  // Staff and customers never get it.
  const customerTry = await request.get(`/admin/customers.csv?q=${encodeURIComponent(customer.email)}`, {
    maxRedirects: 0,
  });
  expect(customerTry.status()).toBe(302);
});

test("the admin changes how long read notifications are kept on the Database tab; a bad number is refused; the value stays after a reload", async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Database" }).click();
  const days = admin.getByLabel("Read notifications (days)");
  await expect(days).toHaveValue("180");
  await expect(admin.getByLabel("Audit events (days)")).toHaveValue("730");
  await expect(admin.getByLabel("Sent e-mails (days)")).toHaveValue("90");
  await expect(admin.getByLabel("Lost leads (days)")).toHaveValue("365");
  await expect(admin.getByTestId("retention-last-run")).toContainText(
    /The clean-up has not run yet\. It runs once a day\.|Last clean-up:/,
  );

  try {
    await days.fill("3");
    await admin.getByRole("button", { name: "Save Retention Settings" }).click();
    await expectToast(admin, "Keep read notifications for a whole number of days from 7 to 3650");
    await days.fill("120");
    await admin.getByRole("button", { name: "Save Retention Settings" }).click();
    await expectToast(admin, "Retention updated", "How long old records are kept has been saved");
    await admin.reload();
    await admin.getByRole("tab", { name: "Database" }).click();
    await expect(admin.getByLabel("Read notifications (days)")).toHaveValue("120");
    await expect(admin.getByLabel("Audit events (days)")).toHaveValue("730");
  } finally {
    // Back to the default, for whatever runs after.
    await admin.goto("/admin/settings");
    await admin.getByRole("tab", { name: "Database" }).click();
    await admin.getByLabel("Read notifications (days)").fill("180");
    await admin.getByRole("button", { name: "Save Retention Settings" }).click();
    await expectToast(admin, "Retention updated");
  }
});

test("the Database tab reads well in English and Spanish, on a desktop and on a phone", async ({ browser }) => {
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    const admin = (await freshAdmin(browser, { viewport })).page;
    await admin.goto("/admin/settings");
    await admin.getByRole("tab", { name: "Database" }).click();
    await expect(admin.getByRole("heading", { name: "Data Retention" })).toBeVisible();
    await expect(admin.getByText("Unread notifications are always kept.")).toBeVisible();
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: `${SHOTS}/database-tab-en-${size}.png`, fullPage: true });

    // The header's switcher posts this (a phone's header folds it into its menu).
    const switched = await admin.request.post("/resources/language", {
      form: { language: "es" },
      headers: { origin: E2E_BASE_URL },
      maxRedirects: 0,
    });
    expect(switched.status()).toBe(302);
    await admin.goto("/admin/settings");
    await expect(admin.locator("html")).toHaveAttribute("lang", "es");
    await admin.getByRole("tab", { name: "Base de datos" }).click();
    await expect(admin.getByRole("heading", { name: "Conservación de datos" })).toBeVisible();
    // The values themselves are the other test's (it changes one meanwhile); here, that each field is there and labelled.
    for (const label of [
      "Notificaciones leídas (días)",
      "Eventos de auditoría (días)",
      "Correos enviados (días)",
      "Prospectos perdidos (días)",
    ]) {
      await expect(admin.getByLabel(label)).toHaveValue(/^\d+$/);
    }
    await expect(admin.getByRole("button", { name: "Guardar configuración de conservación" })).toBeVisible();
    await expect(admin.getByTestId("retention-last-run")).toContainText(
      /La limpieza aún no se ha ejecutado|Última limpieza:/,
    );
    await expectNoSidewaysScroll(admin);
    await admin.screenshot({ path: `${SHOTS}/database-tab-es-${size}.png`, fullPage: true });
    await admin.context().close();
  }
});
