import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import {
  type Customer,
  customerIn,
  customerInBrowser,
  E2E_BASE_URL,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  signUpWith,
  test,
} from "./fixtures";
import { mailsTo } from "./outbox";
import { paymentDialog, PROOF_PNG, sendProofViaApi, sendZelleProofInDialog } from "./payments-support";

/** A customer in a browser of their own, with a pending proof for the service's first payment, on its page. */
async function customerWithPendingProof(
  browser: Browser,
  customer: Customer,
  service: "google_business" | "website" = "google_business",
): Promise<{ page: Page; userId: string }> {
  const { page, userId } = await customerInBrowser(browser, customer);
  await sendProofViaApi(page.request, service, 1);
  await gotoWithLiveStream(page, service === "website" ? "/dashboard/website" : "/dashboard/google-business");
  await expect(page.getByText("Payment Pending Review")).toBeVisible();
  return { page, userId };
}

async function adminOnCustomer(browser: Browser, userId: string): Promise<Page> {
  const page = await signedInAdmin(browser);
  await page.goto(`/admin/users/${userId}`);
  await expect(page.getByRole("tab", { name: "Payments" })).toHaveAttribute("aria-selected", "true");
  return page;
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications/ });

/** An admin of its own who chose Spanish (the language is the account's: the shared e2e admin stays English). */
async function spanishAdminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const person = newCustomer();
  await signUpWith(request, person);
  expect((await request.post("/__test/admins", { data: { email: person.email } })).status()).toBe(201);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  return page;
}

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
  await admin.getByLabel("Message to the customer (optional)").fill("Transfer received, thanks");
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
    customerPage.getByText(
      "Your payment for Google Business Profile Setup has been approved. Admin notes: Transfer received, thanks",
    ),
  ).toBeVisible();
});

test("the admin's customer page names the Credentials tab in the admin's language and says the note goes to the customer", async ({
  browser,
  request,
}) => {
  // The website paid (two decided payments, each with its message block) and a Google Business proof pending.
  const page = await (await browser.newContext()).newPage();
  const { id: userId } = await customerIn(page, { paid: ["website"] });
  await sendProofViaApi(page.request, "google_business", 1);

  const admin = await adminOnCustomer(browser, userId);
  await expect(admin.getByRole("heading", { name: "Message sent to the customer" })).toHaveCount(2);
  await expectNoAxeViolations(admin);
  await expect(admin.getByRole("tab", { name: "Credentials", exact: true })).toBeVisible();
  await expect(admin.getByRole("tab", { name: "Credenciales" })).toHaveCount(0);
  const notes = admin.getByLabel("Message to the customer (optional)");
  await expect(notes).toHaveAccessibleDescription(
    "Sent to the customer with your decision. A note only the team reads goes in this customer's Notes tab.",
  );
  await expect(notes).not.toHaveAttribute("placeholder", /internal/i);

  const spanish = await spanishAdminPage(browser, request);
  await spanish.goto(`/admin/users/${userId}`);
  await expect(spanish.getByRole("tab", { name: "Credenciales", exact: true })).toBeVisible();
  await expect(spanish.getByLabel("Mensaje para el cliente (opcional)")).toBeVisible();
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

test("rejecting asks for the reason; the customer reads it, uploads a new proof of the same transfer, and it is back in review", async ({
  browser,
}) => {
  const customer = newCustomer();
  const { page, userId } = await customerWithPendingProof(browser, customer);

  const admin = await signedInAdmin(browser);
  await gotoWithLiveStream(admin, `/admin/users/${userId}`);
  const paymentCard = admin.getByTestId("payment-card");
  await paymentCard.getByRole("button", { name: "Reject Payment" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reject this payment?" });
  const reason = confirm.getByLabel("Reason for the rejection (required)");
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAccessibleDescription(/Sent to the customer with your decision/);
  // No reason: nothing is sent; the field says why.
  await confirm.getByRole("button", { name: "Reject Payment" }).click();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(confirm.getByText("Please write the reason for the rejection: the customer reads it")).toBeVisible();
  await expect(paymentCard.getByTestId("payment-status")).toHaveText("Pending");
  // Escape cancels; Reject again, with the reason.
  await admin.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await paymentCard.getByRole("button", { name: "Reject Payment" }).click();
  await reason.fill("The photo is too blurry to read the amount");
  await confirm.getByRole("button", { name: "Reject Payment" }).click();
  await expectToast(admin, "Status Updated", "Payment has been rejected");
  await expect(paymentCard.getByTestId("payment-status")).toHaveText("Rejected");

  // The customer's gate says why, and offers a new proof as well as paying again.
  const gate = page.getByTestId("payment-gate");
  await expect(gate.getByText("Payment Rejected", { exact: true })).toBeVisible();
  await expect(gate.getByTestId("rejection-reason")).toHaveText("Reason: The photo is too blurry to read the amount");
  await expect(gate.getByRole("button", { name: "Try Again" })).toBeVisible();
  await page.goto("/dashboard/progress");
  const row = page.getByTestId("payment-status-row");
  await expect(row.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(row.getByTestId("rejection-reason")).toContainText("The photo is too blurry to read the amount");
  await expect(row.getByRole("button", { name: "Try Again" })).toBeVisible();

  // The rejection e-mail: the reason, both ways forward, and a link to the page.
  const rejectionMail = () => mailsTo(customer.email).find((mail) => mail.body.includes("Payment Rejected"))?.body;
  await expect
    .poll(() => rejectionMail() ?? "", { timeout: 10_000 })
    .toContain("The photo is too blurry to read the amount");
  const mail = rejectionMail()!;
  expect(mail).toContain("You can upload a new proof of the same transfer (no second payment), or pay again.");
  expect(mail).toContain(`${E2E_BASE_URL}/dashboard/google-business`);

  await gotoWithLiveStream(page, "/dashboard/google-business");
  await gate.getByRole("button", { name: "Upload a new proof" }).click();
  const upload = page.getByRole("dialog", { name: "Upload a new proof" });
  const submit = upload.getByRole("button", { name: "Submit Proof" });
  await expect(submit).toBeDisabled();
  await upload
    .getByLabel("Proof of payment photo")
    .setInputFiles({ name: "clearer.png", mimeType: "image/png", buffer: PROOF_PNG });
  await submit.click();
  await expectToast(page, "Proof Submitted", "Your new proof has been sent for review");
  await expect(page.getByText("Payment Pending Review")).toBeVisible();

  // The same payment is back in review: still one payment, pending, its old reason gone from the box.
  await expect(paymentCard.getByTestId("payment-status")).toHaveText("Pending", { timeout: 5000 });
  await expect(paymentCard).toHaveCount(1);
  await expect(admin.getByLabel("Message to the customer (optional)")).toHaveValue("");
});

test("the rejected state is in Spanish for a Spanish customer", async ({ browser }) => {
  const customer = newCustomer();
  const { page, userId } = await customerInBrowser(browser, customer, "es-ES");
  await sendProofViaApi(page.request, "google_business", 1);
  const admin = await adminOnCustomer(browser, userId);
  await admin.getByRole("button", { name: "Reject Payment" }).click();
  const confirm = admin.getByRole("dialog", { name: "Reject this payment?" });
  await confirm.getByLabel("Reason for the rejection (required)").fill("Falta el monto");
  await confirm.getByRole("button", { name: "Reject Payment" }).click();
  await expectToast(admin, "Status Updated", "Payment has been rejected");

  await page.goto("/dashboard/google-business");
  const gate = page.getByTestId("payment-gate");
  await expect(gate.getByTestId("rejection-reason")).toHaveText("Motivo: Falta el monto");
  await expect(gate.getByRole("button", { name: "Subir un nuevo comprobante" })).toBeVisible();
  await page.goto("/dashboard/progress");
  await expect(page.getByTestId("payment-status-row").getByText("Rechazado", { exact: true })).toBeVisible();
  await expect
    .poll(() => mailsTo(customer.email).find((mail) => mail.body.includes("Falta el monto"))?.body ?? "", {
      timeout: 10_000,
    })
    .toContain("Puede subir un nuevo comprobante de la misma transferencia");
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
