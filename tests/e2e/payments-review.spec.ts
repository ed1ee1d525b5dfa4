import { expect, type Browser, type Page } from "@playwright/test";
import { gotoWithLiveStream, newCustomer, signUpViaApi, type Customer, test, LIVE_UPDATE_MS, signedInAdmin } from "./fixtures";
import { paymentDialog, sendProofViaApi, sendZelleProofInDialog } from "./payments-support";


/** A customer in a browser of their own, with a pending proof for the service's first payment, on its page. */
async function customerWithPendingProof(
  browser: Browser,
  customer: Customer,
  service: "google_business" | "website" = "google_business",
): Promise<{ page: Page; userId: string }> {
  const page = await (await browser.newContext()).newPage();
  await signUpViaApi(page, customer);
  const session = await page.request.get("/resources/session");
  const { user } = (await session.json()) as { user: { id: string } };
  await sendProofViaApi(page.request, service, 1);
  await gotoWithLiveStream(page, service === "website" ? "/dashboard/website" : "/dashboard/google-business");
  await expect(page.getByText("Payment Pending Review")).toBeVisible();
  return { page, userId: user.id };
}

async function adminOnCustomer(browser: Browser, userId: string): Promise<Page> {
  const page = await signedInAdmin(browser);
  await page.goto(`/admin/users/${userId}`);
  await expect(page.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  return page;
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

test("an admin approves a proof with a note: the customer's open page unlocks live and the bell says so", async ({
  browser,
}) => {
  const customer = newCustomer();
  const { page: customerPage, userId } = await customerWithPendingProof(browser, customer);
  let loads = 0;
  customerPage.on("load", () => (loads += 1));

  const admin = await adminOnCustomer(browser, userId);
  await expect(
    admin
      .getByRole("img", { name: /Payment proof/ })
      .or(admin.locator(`img[src^="/files/admin-note-photos/${userId}/"]`))
      .first(),
  ).toBeVisible();
  await admin.getByPlaceholder("Add internal notes about this payment...").fill("Transfer received, thanks");
  await admin.getByRole("button", { name: "Approve Payment" }).click();

  await expect(customerPage.getByRole("heading", { name: "Gmail Credentials" })).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });
  await expect(customerPage.getByText("Payment Pending Review")).toHaveCount(0);
  expect(loads).toBe(0);
  await expect(customerPage.getByTestId("unread-badge")).toHaveText("1");
  await bell(customerPage).click();
  await expect(customerPage.getByText("Payment Approved", { exact: true })).toBeVisible();
  await expect(
    customerPage.getByText("Your payment for Google Business Profile Setup has been approved. Admin notes: Transfer received, thanks"),
  ).toBeVisible();
});

test("an admin rejects a proof: the customer sees 'Payment Rejected' and 'Try Again', and can send a new proof", async ({
  browser,
}) => {
  const customer = newCustomer();
  const { page: customerPage, userId } = await customerWithPendingProof(browser, customer);

  const admin = await adminOnCustomer(browser, userId);
  await admin.getByRole("button", { name: "Reject Payment" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reject this payment?" });
  await confirm.getByLabel("Reason for the rejection (required)").fill("The photo is unreadable");
  await confirm.getByRole("button", { name: "Reject Payment" }).click();

  await expect(customerPage.getByText("Payment Rejected", { exact: true }).first()).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });
  await customerPage.getByRole("button", { name: "Try Again" }).click();
  await expect(paymentDialog(customerPage)).toBeVisible();
  await sendZelleProofInDialog(customerPage);
  await expect(customerPage.getByText("Payment Pending Review")).toBeVisible();

  // The admin's open page shows the new pending proof next to the rejected one.
  await expect(admin.getByRole("button", { name: "Approve Payment" })).toHaveCount(1, { timeout: LIVE_UPDATE_MS });
});

test("an admin approves website payment 1: the customer's open page unlocks with the second-payment offer", async ({
  browser,
}) => {
  const { page: customerPage, userId } = await customerWithPendingProof(browser, newCustomer(), "website");

  const admin = await adminOnCustomer(browser, userId);
  await admin.getByRole("button", { name: "Approve Payment" }).click();

  await expect(customerPage.getByText("First payment completed")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await customerPage.getByRole("button", { name: "Pay Second 50% ($350)" }).click();
  await expect(paymentDialog(customerPage).getByText("Website Development - Payment 2 of 2")).toBeVisible();
  await sendZelleProofInDialog(customerPage);
  await expect(customerPage.getByText("Second payment pending review")).toBeVisible();

  // The admin's open page shows payment 2 waiting for review.
  await expect(admin.getByText("Payment 2 of 2")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(admin.getByRole("button", { name: "Approve Payment" })).toHaveCount(1);
});
