import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import { expectToast, newCustomer, signUpViaApi, signedInAdmin, test } from "./fixtures";
import { payByCard } from "./payments-support";

// Runs in the "server-wide" project: the General settings' address and tax id reach every receipt on the server.
// The test empties them again at the end.

const ADDRESS_LINES = ["500 Brickell Ave, Suite 12", "Miami, FL 33131"];
const TAX_ID = "98-7654321";

async function saveAgencyDetails(admin: Page, address: string, taxId: string): Promise<void> {
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "General" }).click();
  await admin.getByLabel("Company Address").fill(address);
  await admin.getByLabel("Tax ID").fill(taxId);
  await admin.getByRole("button", { name: "Save General Settings" }).click();
  await expectToast(admin, "Settings saved", "General settings have been updated successfully");
}

test("the agency's address and tax id saved in Settings > General appear on the receipt page and in its PDF", async ({
  browser,
}) => {
  const customer = await (await browser.newContext()).newPage();
  const who = newCustomer();
  await signUpViaApi(customer, who);
  await payByCard(customer.request, who.email, "google_business", 1);

  const admin = await signedInAdmin(browser);
  try {
    await saveAgencyDetails(admin, ADDRESS_LINES.join("\n"), TAX_ID);
    // The form keeps what was saved.
    await admin.reload();
    await admin.getByRole("tab", { name: "General" }).click();
    await expect(admin.getByLabel("Company Address")).toHaveValue(ADDRESS_LINES.join("\n"));
    await expect(admin.getByLabel("Tax ID")).toHaveValue(TAX_ID);

    await customer.goto("/dashboard/progress");
    await customer.getByTestId("receipt-link").click();
    await expect(customer.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
    await expect(customer.getByTestId("receipt-agency-address")).toHaveText(ADDRESS_LINES.join("\n"));
    await expect(customer.getByTestId("receipt-agency-tax-id")).toHaveText(`Tax ID: ${TAX_ID}`);
    await expect(customer.getByText("Card", { exact: true })).toBeVisible();
    await expect(customer.getByTestId("receipt-amount")).toHaveText("$250.00");
    const receiptNumber = (await customer.getByTestId("receipt-number").textContent())!;

    const [download] = await Promise.all([
      customer.waitForEvent("download"),
      customer.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    const parser = new PDFParse({ data: new Uint8Array(await readFile((await download.path())!)) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    expect(text).toContain(receiptNumber);
    expect(text).toContain(`Tax ID: ${TAX_ID}`);
    for (const line of ADDRESS_LINES) expect(text).toContain(line);
  } finally {
    await saveAgencyDetails(admin, "", "");
  }
  // Emptied, the receipt shows neither.
  await customer.reload();
  await expect(customer.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
  await expect(customer.getByTestId("receipt-agency-address")).toHaveCount(0);
  await expect(customer.getByTestId("receipt-agency-tax-id")).toHaveCount(0);
});
