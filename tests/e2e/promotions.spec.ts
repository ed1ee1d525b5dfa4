import { expect, type Browser, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import {
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
} from "./fixtures";
import { lastCheckoutFor, paymentDialog, PROOF_PNG } from "./payments-support";

// Promotion codes: an admin makes them in Settings > Promotions, a customer applies one in the payment dialog and the
// server prices everything again.

/** A code of its own for each run (codes are unique whatever their case). */
const uniqueCode = (stem: string) => `${stem}-${randomUUID().slice(0, 6).toUpperCase()}`;

async function promotionsTab(browser: Browser): Promise<Page> {
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Promotions" }).click();
  return admin;
}

/** Makes a code through the 'New code' dialog: a percent off one service. */
async function createCode(
  admin: Page,
  code: string,
  percentOff: string,
  service = "Google Business Profile",
): Promise<void> {
  await admin.getByRole("button", { name: "New code" }).click();
  const dialog = admin.getByRole("dialog", { name: "New code" });
  await expect(dialog.getByText("At most one use per customer")).toBeVisible();
  await dialog.getByLabel("Code").fill(code);
  await dialog.getByLabel("Percent off").fill(percentOff);
  await dialog.getByRole("checkbox", { name: service }).check();
  await dialog.getByRole("button", { name: "Create code" }).click();
  await expectToast(admin, "Promotion code created");
  await expect(dialog).toBeHidden();
}

const codeRow = (admin: Page, code: string) => admin.getByTestId("promotion-code-row").filter({ hasText: code });

/** A signed-up customer in a context of their own, on the Google Business page with its live stream. */
async function customerOnGoogleBusiness(
  browser: Browser,
  locale?: string,
): Promise<{ page: Page; id: string; email: string }> {
  const page = await (await browser.newContext(locale ? { locale } : {})).newPage();
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/google-business");
  return { page, id: user.id, email: customer.email };
}

test("a 20% code made in Settings takes $250 to $200 in the payment dialog; the Zelle proof is $200 and the receipt says so", async ({
  browser,
}) => {
  const admin = await promotionsTab(browser);
  const code = uniqueCode("SPRING20");
  await createCode(admin, code, "20");
  const row = codeRow(admin, code);
  await expect(row).toContainText("20%");
  await expect(row).toContainText("Google Business Profile");
  await expect(row).toContainText("No end");
  await expect(row.getByText("Active")).toBeVisible();
  await expectNoAxeViolations(admin);

  // The same code again, in lower case: refused beside the field.
  await admin.getByRole("button", { name: "New code" }).click();
  const again = admin.getByRole("dialog", { name: "New code" });
  await again.getByLabel("Code").fill(code.toLowerCase());
  await again.getByLabel("Percent off").fill("10");
  await again.getByRole("checkbox", { name: "Website" }).check();
  await again.getByRole("button", { name: "Create code" }).click();
  await expect(
    again.getByText("A code with this name already exists (codes are matched without regard to case)"),
  ).toBeVisible();
  await again.getByRole("button", { name: "Cancel" }).click();

  // The customer applies it (typed in lower case) before choosing how to pay.
  const { page: customer, id } = await customerOnGoogleBusiness(browser);
  await customer.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(customer);
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$250");
  await dialog.getByRole("button", { name: "Have a promotion code?" }).click();
  await dialog.getByLabel("Promotion code").fill(code.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$200");
  await expect(dialog.getByTestId("payment-list-price")).toHaveText("$250");
  await expect(dialog.getByText(`${code} applied: -$50`)).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Choose a payment method" })).toBeVisible();
  await expectNoAxeViolations(customer);

  // The Zelle transfer is for the discounted amount.
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  await expect(dialog.getByTestId("zelle-amount")).toHaveText("$200");
  await dialog
    .getByLabel("Proof of payment photo")
    .setInputFiles({ name: "zelle.png", mimeType: "image/png", buffer: PROOF_PNG });
  await dialog.getByRole("button", { name: "Submit Proof" }).click();
  await expectToast(customer, "Payment Submitted", "Your Zelle proof has been sent for review");
  await expect(customer.getByText("Payment Pending Review")).toBeVisible();

  // The code has one use now; the admin approves the $200 proof.
  await admin.reload();
  await admin.getByRole("tab", { name: "Promotions" }).click();
  await expect(codeRow(admin, code)).toContainText("1");
  await admin.goto(`/admin/users/${id}`);
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expectToast(admin, "Status Updated");

  // The receipt: the list price, the code, the discount and what was paid.
  await customer.goto("/dashboard/progress");
  await customer.getByTestId("receipt-link").click();
  await expect(customer.getByRole("heading", { name: "Payment Receipt" })).toBeVisible();
  await expect(customer.getByText("$250.00").first()).toBeVisible();
  await expect(customer.getByText(code).first()).toBeVisible();
  await expect(customer.getByText("$50.00").first()).toBeVisible();
  await expect(customer.getByText("$200.00").first()).toBeVisible();
});

test("the card checkout is started for the discounted amount, with the code", async ({ browser }) => {
  const admin = await promotionsTab(browser);
  const code = uniqueCode("CARD20");
  await createCode(admin, code, "20");

  const { page: customer, email, id } = await customerOnGoogleBusiness(browser);
  await customer.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(customer);
  await dialog.getByRole("button", { name: "Have a promotion code?" }).click();
  await dialog.getByLabel("Promotion code").fill(code);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$200");
  await dialog.getByRole("button", { name: /Credit\/Debit Card/ }).click();
  await expect(dialog.getByText("to pay $200 with a credit or debit card")).toBeVisible();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(customer.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  const checkout = await lastCheckoutFor(email);
  expect(checkout.form["line_items[0][price_data][unit_amount]"]).toBe("20000");
  expect(checkout.form["metadata[userId]"]).toBe(id);
  expect(checkout.form["metadata[promotionCodeId]"]).toMatch(/^[0-9a-f-]{36}$/);
});

// Every code that cannot be applied (expired, deactivated, used up, for another service) gets the server's one answer,
// which promotions.test.ts checks; here an unknown code stands for them all on the screen.
test("a wrong code is answered 'Invalid or expired code' beside the field, and the amount stays", async ({
  browser,
}) => {
  const { page: customer } = await customerOnGoogleBusiness(browser);
  await customer.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(customer);
  await dialog.getByRole("button", { name: "Have a promotion code?" }).click();
  const field = dialog.getByLabel("Promotion code");
  await field.fill("NOT-A-REAL-CODE");
  await field.press("Enter");
  await expect(dialog.getByText("Invalid or expired code")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Invalid or expired code");
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$250");
});

test("a 100% code leaves no method to choose: 'Complete payment' unlocks the page without a charge", async ({
  browser,
}) => {
  const admin = await promotionsTab(browser);
  const code = uniqueCode("FREE");
  await createCode(admin, code, "100");

  const { page: customer } = await customerOnGoogleBusiness(browser);
  await customer.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(customer);
  await dialog.getByRole("button", { name: "Have a promotion code?" }).click();
  await dialog.getByLabel("Promotion code").fill(code);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$0");
  await expect(dialog.getByRole("group", { name: "Choose a payment method" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Complete payment" }).click();
  await expectToast(customer, "Payment completed");
  await expect(dialog).toBeHidden();
  await expect(customer.getByText("Payment required to continue")).toHaveCount(0);
});

test.describe("in Spanish", () => {
  test("the dialog's promotion code reads in Spanish", async ({ browser }) => {
    const { page: customer } = await customerOnGoogleBusiness(browser, "es-ES");
    await customer.getByRole("button", { name: "Pagar $250" }).click();
    const dialog = customer.getByRole("dialog", { name: "Pago requerido" });
    await dialog.getByRole("button", { name: "¿Tiene un código promocional?" }).click();
    await dialog.getByLabel("Código promocional").fill("NO-EXISTE");
    await dialog.getByRole("button", { name: "Aplicar" }).click();
    await expect(dialog.getByText("Código inválido o vencido")).toBeVisible();
  });
});
