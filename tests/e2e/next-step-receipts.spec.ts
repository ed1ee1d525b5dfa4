import { readFile } from "node:fs/promises";
import { expect, type Browser, type Page } from "@playwright/test";
import { PDFParse } from "pdf-parse";
import {
  expectNoAxeViolations,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
} from "./fixtures";
import { countDocumentLoads, paymentDialog, sendZelleProofInDialog } from "./payments-support";

const googlePanel = (page: Page) => page.getByTestId("next-step-google_business");

async function adminOnCustomer(browser: Browser, userId: string): Promise<Page> {
  const page = await signedInAdmin(browser);
  await page.goto(`/admin/users/${userId}`);
  return page;
}

/** A PDF's text, as a reader (or an accountant's search) finds it. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** How many pages a PDF has: its page objects (`/Type /Page`, not the `/Type /Pages` tree). */
function pdfPageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

test("the next-step panel leads a new customer from payment to 'send your information' live, and the payment's receipt prints on one page", async ({
  browser,
}) => {
  const customerContext = await browser.newContext();
  const customer = await customerContext.newPage();
  const who = newCustomer();
  await signUpViaApi(customer, who);
  const { user } = (await (await customer.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(customer, "/dashboard/progress");

  // A new customer is offered the payment, with its price, for each service.
  await expect(customer.getByRole("heading", { name: "Your next step" })).toBeVisible();
  await expect(googlePanel(customer)).toHaveAttribute("data-state", "pay");
  await expect(customer.getByTestId("next-step-website")).toHaveAttribute("data-state", "pay");
  await expectNoAxeViolations(customer);
  await googlePanel(customer).getByRole("button", { name: "Pay $250" }).click();
  await expect(paymentDialog(customer)).toBeVisible();
  await sendZelleProofInDialog(customer);
  await expect(googlePanel(customer)).toHaveAttribute("data-state", "reviewing");
  await expect(googlePanel(customer).getByText("We are reviewing your payment")).toBeVisible();
  await customer.keyboard.press("Escape");
  await expect(paymentDialog(customer)).toHaveCount(0);

  // The admin approves it on the customer's page; the customer's open panel moves on without a reload.
  const loads = countDocumentLoads(customer);
  const admin = await adminOnCustomer(browser, user.id);
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expect(googlePanel(customer)).toHaveAttribute("data-state", "send-information", { timeout: LIVE_UPDATE_MS });
  await expect(googlePanel(customer).getByText("Send your information")).toBeVisible();
  await expect(
    googlePanel(customer).getByRole("link", { name: /Fill in the Google Business Profile form/ }),
  ).toHaveAttribute("href", "/dashboard/google-business");
  expect(loads()).toBe(0);

  // The admin's payment card now leads to the receipt too.
  const adminReceipt = admin.getByRole("link", { name: /View receipt/ });
  await expect(adminReceipt).toBeVisible();
  const receiptUrl = await adminReceipt.getAttribute("href");
  expect(receiptUrl).toMatch(/^\/receipts\/[0-9a-f-]{36}$/);
  await adminReceipt.click();
  await expect(admin.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
  await expect(admin.getByText(who.fullName)).toBeVisible();

  // The customer opens it from the payment-status card.
  await customer.getByTestId("receipt-link").click();
  await expect(customer).toHaveURL(receiptUrl!);
  await expect(customer.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
  await expect(customer.getByTestId("receipt-amount")).toHaveText("$250.00");
  // The number is the payment's place in the one gapless sequence of receipts.
  await expect(customer.getByTestId("receipt-number")).toHaveText(/^R-\d{6,}$/);
  const receiptNumber = (await customer.getByTestId("receipt-number").textContent())!;
  await expect(customer.getByText("Google Business Profile Setup")).toBeVisible();
  await expect(customer.getByText("Zelle", { exact: true })).toBeVisible();
  await expectNoAxeViolations(customer);

  // 'Download PDF' saves the same receipt as a real PDF file, named after its number.
  const [download] = await Promise.all([
    customer.waitForEvent("download"),
    customer.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = await pdfText(file);
  expect(text).toContain(receiptNumber);
  expect(text).toContain(who.fullName);
  expect(text).toContain("Google Business Profile Setup");
  expect(text).toContain("$250.00");

  // It prints as one page, without the toolbar.
  await customer.emulateMedia({ media: "print" });
  await expect(customer.getByRole("button", { name: "Print receipt" })).toBeHidden();
  await expect(customer.getByRole("link", { name: "Download PDF" })).toBeHidden();
  const pdf = await customer.pdf({ format: "Letter" });
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(pdfPageCount(pdf)).toBe(1);
  await customer.emulateMedia({ media: "screen" });

  // At 375 px nothing runs off the side.
  await customer.setViewportSize({ width: 375, height: 800 });
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Another customer gets a 404 for it.
  const other = await (await browser.newContext()).newPage();
  await signUpViaApi(other, newCustomer());
  const response = await other.goto(receiptUrl!);
  expect(response?.status()).toBe(404);
  expect((await other.request.get(`${receiptUrl}/pdf`)).status()).toBe(404);
});
