import { expect, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
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
import { countDocumentLoads, sendProofViaApi } from "./payments-support";

/** A customer in a browser of their own, with a Zelle proof for the Google Business Profile sent, on the progress page. */
async function customerWithProof(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; userId: string }> {
  const page = await (await browser.newContext(options)).newPage();
  await signUpViaApi(page, newCustomer());
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await sendProofViaApi(page.request, "google_business", 1);
  await gotoWithLiveStream(page, "/dashboard/progress");
  return { page, userId: user.id };
}

/** The e2e admin on the customer's page (Payments tab), the proof approved there. */
async function adminApproves(browser: Browser, userId: string): Promise<Page> {
  const admin = await signedInAdmin(browser);
  await admin.goto(`/admin/users/${userId}`);
  await expect(admin.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  await admin.getByRole("button", { name: "Approve Payment" }).click();
  await expect(admin.getByTestId("payment-status")).toHaveText("Completed");
  return admin;
}

const statusRow = (page: Page) => page.getByTestId("payment-status-row");
const refundDialog = (page: Page) => page.getByRole("dialog", { name: "Refund this payment?" });

test("an admin refunds half of an approved Zelle payment from the keyboard: the customer's open page says 'Partially refunded' live, and the receipt lists the refund", async ({
  browser,
}) => {
  const { page: customer, userId } = await customerWithProof(browser);
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Pending");
  const admin = await adminApproves(browser, userId);
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Completed", { timeout: LIVE_UPDATE_MS });
  const loads = countDocumentLoads(customer);

  // The dialog opens from the keyboard on an empty amount; its button fills in the whole amount left, and the dialog
  // then says what a full refund would lock.
  const refundButton = admin.getByRole("button", { name: /^Refund/ });
  await refundButton.focus();
  await admin.keyboard.press("Enter");
  const dialog = refundDialog(admin);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("One payment: $250 paid, $250 left to refund.");
  const amount = dialog.getByLabel("Amount to refund (US dollars)");
  await expect(amount).toBeFocused();
  await expect(amount).toHaveValue("");
  await expect(dialog.getByTestId("full-refund-warning")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Refund all that is left ($250)" }).click();
  await expect(amount).toHaveValue("250");
  await expect(dialog.getByTestId("full-refund-warning")).toHaveText(
    "This refunds the whole payment: it will no longer unlock the Google Business Profile form.",
  );
  await expect(dialog.getByText("Send the money back by Zelle yourself")).toBeVisible();
  await expectNoAxeViolations(admin, '[role="dialog"]');

  // Half of it, with a reason: no longer a full refund, so no warning.
  await amount.fill("125");
  await expect(dialog.getByTestId("full-refund-warning")).toHaveCount(0);
  await admin.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Refund all that is left ($250)" })).toBeFocused();
  await admin.keyboard.press("Tab");
  await expect(dialog.getByLabel("Reason for the refund (required)")).toBeFocused();
  await admin.keyboard.type("Half of the setup was cancelled");
  await admin.keyboard.press("Tab");
  await admin.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Refund $125" })).toBeFocused();
  await admin.keyboard.press("Enter");
  await expectToast(admin, "Refund recorded", "The customer has been notified.");
  await expect(dialog).toHaveCount(0);

  // The admin's card: the badge, how much was refunded, and the refund itself (who, why, done).
  await expect(admin.getByTestId("payment-status")).toHaveText("Partially refunded");
  await expect(admin.getByTestId("payment-refunded")).toHaveText("$125 of $250");
  const listed = admin.getByTestId("payment-refund");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("$125");
  await expect(listed).toContainText("Half of the setup was cancelled");
  await expect(listed.getByTestId("refund-status")).toHaveText("Completed");

  // The customer's open page follows without a reload; the Google form stays unlocked.
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Partially refunded", {
    timeout: LIVE_UPDATE_MS,
  });
  await expect(statusRow(customer).getByTestId("payment-refunded")).toHaveText("Refunded: $125 of $250");
  expect(loads()).toBe(0);

  // The receipt lists the refund: its amount and its reason.
  await statusRow(customer).getByTestId("receipt-link").click();
  await expect(customer).toHaveURL(/\/receipts\/[0-9a-f-]{36}$/);
  const refunds = customer.getByTestId("receipt-refunds");
  await expect(refunds).toContainText(/\$125(\.00)?/);
  await expect(refunds).toContainText("Half of the setup was cancelled");

  await customer.goto("/dashboard/google-business");
  await expect(customer.getByTestId("payment-gate")).toHaveCount(0);
});

test("in Spanish the customer reads 'Reembolsado parcialmente', then 'Reembolsado', and the Google page asks for the payment again", async ({
  browser,
}) => {
  const { page: customer, userId } = await customerWithProof(browser, { locale: "es-ES" });
  const admin = await adminApproves(browser, userId);
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Completado", { timeout: LIVE_UPDATE_MS });

  const refundOf = async (value: string, reason: string) => {
    await admin.getByRole("button", { name: /^Refund/ }).click();
    const dialog = refundDialog(admin);
    await dialog.getByLabel("Amount to refund (US dollars)").fill(value);
    await dialog.getByLabel("Reason for the refund (required)").fill(reason);
    await dialog.getByRole("button", { name: `Refund $${value}` }).click();
    await expectToast(admin, "Refund recorded");
  };
  await refundOf("100", "Descuento acordado");
  // The dialog opens on what is left as the page last read it: the card's new figure says the page has read it again.
  await expect(admin.getByTestId("payment-refunded")).toHaveText("$100 of $250");
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Reembolsado parcialmente", {
    timeout: LIVE_UPDATE_MS,
  });

  // The rest: the dialog warns before it is sent, and the payment no longer unlocks the form.
  await admin.getByRole("button", { name: /^Refund/ }).click();
  await refundDialog(admin).getByRole("button", { name: "Refund all that is left ($150)" }).click();
  await expect(refundDialog(admin).getByLabel("Amount to refund (US dollars)")).toHaveValue("150");
  await expect(refundDialog(admin).getByTestId("full-refund-warning")).toBeVisible();
  await admin.keyboard.press("Escape");
  await expect(refundDialog(admin)).toHaveCount(0);
  await refundOf("150", "Servicio cancelado");
  await expect(admin.getByTestId("payment-status")).toHaveText("Refunded");
  await expect(admin.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  await expect(statusRow(customer).getByTestId("payment-status")).toHaveText("Reembolsado", {
    timeout: LIVE_UPDATE_MS,
  });

  await customer.goto("/dashboard/google-business");
  await expect(customer.getByTestId("payment-gate")).toHaveAttribute("data-state", "refunded");
  await expect(customer.getByRole("heading", { name: "Se requiere un pago para continuar" })).toBeVisible();
  await expect(customer.getByRole("button", { name: "Pagar $250" })).toBeVisible();
});
