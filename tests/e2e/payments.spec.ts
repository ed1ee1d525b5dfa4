import { expect } from "@playwright/test";
import { E2E_STRIPE } from "../../playwright.config";
import {
  customerInBrowser,
  E2E_BASE_URL,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signUpViaApi,
  test,
} from "./fixtures";
import {
  completeCheckout,
  countDocumentLoads,
  lastCheckoutFor,
  paymentDialog,
  sendProofViaApi,
  sendZelleProofInDialog,
} from "./payments-support";

test("a Zelle proof for the Google Business service shows 'Payment Pending Review'", async ({ page }) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await gotoWithLiveStream(page, "/dashboard/google-business");
  await expect(page.getByRole("heading", { name: "Google My Business" })).toBeVisible();
  await expect(page.getByText("Payment required to continue")).toBeVisible();
  await expect(page.getByText("To continue, pay $250 for the setup of your Google Business Profile.")).toBeVisible();

  await page.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("payment-amount")).toHaveText("$250");
  await expect(dialog.getByText("Google Business Profile Setup", { exact: true })).toBeVisible();

  // Back returns to the method choice, from either method.
  await dialog.getByRole("button", { name: /Credit\/Debit Card/ }).click();
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  await expect(dialog.getByTestId("zelle-phone")).toHaveText("(555) 201-7788");
  await expect(dialog.getByText("$250", { exact: true }).first()).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByRole("button", { name: /Zelle Transfer/ })).toBeVisible();

  await sendZelleProofInDialog(page);
  await expectToast(page, "Payment Submitted", "Your Zelle proof has been sent for review");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Payment Pending Review")).toBeVisible();
  await expect(page.getByText(/administrator is reviewing your payment and will notify you/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $250" })).toHaveCount(0);

  // The progress page's status card, in the page's language.
  await page.getByRole("link", { name: "Progress" }).first().click();
  const card = page.locator("[aria-labelledby=payment-status-title]");
  await expect(card.getByText("Review the status of your payments")).toBeVisible();
  await expect(card.getByText("Google Business Profile")).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
});

test("the Zelle step names the recipient, copies the number and the amount, and gives the memo", async ({ page }) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_BASE_URL });
  await page.goto("/dashboard/google-business");
  await page.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(page);
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  await expect(dialog.getByTestId("zelle-recipient")).not.toBeEmpty();
  await expect(dialog.getByTestId("zelle-memo")).toHaveText(`${customer.companyName} – Google Business Profile`);

  await dialog.getByRole("button", { name: "Copy the amount" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Copied" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("250.00");
  await dialog.getByRole("button", { name: "Copy the Zelle number" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("5552017788");
  await expect(dialog.getByRole("button", { name: "Copy the memo" })).toBeVisible();
});

// The memo's rule (company, else full name) is zelle-transfer.test.ts's; this one follows a blank company from the
// sign-up through the portal layout's loader to the Spanish dialog.
test("the Zelle memo uses the full name when there is no company, in Spanish too", async ({ browser }) => {
  const customer = newCustomer({ companyName: "" });
  const page = (await customerInBrowser(browser, customer, "es-ES")).page;
  await page.goto("/dashboard/website");
  await page.getByRole("button", { name: /Pagar/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Pago requerido" });
  await dialog.getByRole("button", { name: /Transferencia Zelle/ }).click();
  await expect(dialog.getByTestId("zelle-memo")).toHaveText(`${customer.fullName} – Sitio web (pago 1)`);
  await expect(dialog.getByRole("button", { name: "Copiar el monto" })).toBeVisible();
});

test("the payment dialog works from the keyboard and closes with Escape", async ({ page }) => {
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/google-business");
  const pay = page.getByRole("button", { name: "Pay $250" });
  await pay.focus();
  await page.keyboard.press("Enter");
  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Choose a payment method");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).press("Enter");
  await expect(dialog.getByLabel("Proof of payment photo")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(pay).toBeFocused();
  await expectNoAxeViolations(page);
});

test("the proof endpoint answers over HTTP: 401 anonymous, 413 for an 11 MB photo, 400 for a missing one", async ({
  page,
  request,
}) => {
  const big = Buffer.alloc(11 * 1024 * 1024);
  const anonymous = await request.post("/resources/payments/proof", {
    multipart: {
      serviceType: "google_business",
      paymentNumber: "1",
      proof: { name: "p.png", mimeType: "image/png", buffer: Buffer.from("x") },
    },
  });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ ok: false, error: "You must be logged in" });

  await signUpViaApi(page, newCustomer());
  const tooBig = await page.request.post("/resources/payments/proof", {
    multipart: {
      serviceType: "google_business",
      paymentNumber: "1",
      proof: { name: "big.png", mimeType: "image/png", buffer: big },
    },
  });
  expect(tooBig.status()).toBe(413);
  expect(await tooBig.json()).toEqual({ ok: false, error: "The proof of payment photo must be smaller than 10MB" });

  const missing = await page.request.post("/resources/payments/proof", {
    multipart: { serviceType: "google_business", paymentNumber: "1" },
  });
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toEqual({ ok: false, error: "Please select a proof of payment photo" });

  // Nothing was recorded: the page still asks for the payment.
  await page.goto("/dashboard/google-business");
  await expect(page.getByText("Payment required to continue")).toBeVisible();
});

test("the progress page shows no payment card before any payment", async ({ page }) => {
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/progress");
  await expect(page.getByRole("heading", { name: "Construction Progress" })).toBeVisible();
  await expect(page.getByText("Payment Status")).toHaveCount(0);
});

test("the payment-status card and the Google Business gate follow the person's language", async ({ browser }) => {
  for (const [locale, words] of [
    [
      "en-US",
      {
        title: "Payment Status",
        subtitle: "Review the status of your payments",
        pending: "Pending",
        number: "Payment 1 of 2",
        gate: "To continue, pay $250 for the setup of your Google Business Profile.",
        spanishOnly: "Estado de Pagos",
      },
    ],
    [
      "es-ES",
      {
        title: "Estado de Pagos",
        subtitle: "Revisa el estado de tus pagos",
        pending: "Pendiente",
        number: "Pago 1 de 2",
        gate: "Para continuar, realiza el pago de $250 por la configuración de tu Perfil de Google Business.",
        spanishOnly: "Payment Status",
      },
    ],
  ] as const) {
    const customer = newCustomer();
    const page = (await customerInBrowser(browser, customer, locale)).page;
    await page.goto("/dashboard/google-business");
    await expect(page.getByText(words.gate, { exact: true })).toBeVisible();

    await sendProofViaApi(page.request, "website", 1);
    await page.goto("/dashboard/progress");
    const card = page.getByTestId("payment-status-card");
    await expect(card.getByRole("heading", { name: words.title })).toBeVisible();
    await expect(card.getByText(words.subtitle)).toBeVisible();
    const row = card.getByTestId("payment-status-row");
    await expect(row.getByText(words.number, { exact: true })).toBeVisible();
    await expect(row.getByText(words.pending, { exact: true })).toBeVisible();
    await expect(page.getByText(words.spanishOnly)).toHaveCount(0);
    await page.context().close();
  }
});

test("card path: Continue lands on the checkout page, and the signed webhook unlocks the open page without a reload", async ({
  page,
  context,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await gotoWithLiveStream(page, "/dashboard/google-business");
  await expect(page.getByText("Payment required to continue")).toBeVisible();
  const loads = countDocumentLoads(page);

  // The customer pays in a second tab; the first one stays open on the gated page.
  const payTab = await context.newPage();
  await payTab.goto("/dashboard/google-business");
  await payTab.getByRole("button", { name: "Pay $250" }).click();
  await paymentDialog(payTab)
    .getByRole("button", { name: /Credit\/Debit Card/ })
    .click();
  await paymentDialog(payTab).getByRole("button", { name: "Continue" }).click();
  await payTab.waitForURL(`${E2E_STRIPE.url}/checkout/**`);
  await expect(payTab.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();

  const checkout = await lastCheckoutFor(customer.email);
  expect(checkout.form).toMatchObject({
    mode: "payment",
    "line_items[0][price_data][unit_amount]": "25000",
    "metadata[serviceType]": "google_business",
    "metadata[paymentNumber]": "1",
  });
  expect(checkout.form.success_url).toMatch(/\/dashboard\/google-business\?checkout=success$/);

  await completeCheckout(page.request, checkout);
  await expect(page.getByRole("heading", { name: "Gmail Credentials" })).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(page.getByText("Payment required to continue")).toHaveCount(0);
  expect(loads()).toBe(0);

  // Back from Stripe: the return page says what happens next.
  await payTab.goto(checkout.form.success_url!);
  await expectToast(payTab, "Payment received");
  await expect(payTab).toHaveURL(/\/dashboard\/google-business$/);
});

test("website: payment 1 by card unlocks the page with the second-payment offer; a second proof shows pending review", async ({
  page,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await gotoWithLiveStream(page, "/dashboard/website");
  await expect(page.getByText("Payment required to continue")).toBeVisible();
  await expect(page.getByText("Second payment pending review")).toHaveCount(0);

  await page.getByRole("button", { name: "Pay $350" }).click();
  await expect(paymentDialog(page).getByText("Website Development - Payment 1 of 2")).toBeVisible();
  await paymentDialog(page).getByRole("button", { name: "Close" }).click();

  // Card payment 1, started through the checkout call as the browser makes it.
  const started = await page.request.post("/api/create-payment-checkout", {
    data: { serviceType: "website", paymentNumber: 1, returnPath: "/dashboard/website" },
  });
  expect(started.status()).toBe(200);
  expect((await started.json()).url).toMatch(new RegExp(`^${E2E_STRIPE.url}/checkout/`));
  const checkout = await lastCheckoutFor(customer.email);
  expect(checkout.form["line_items[0][price_data][unit_amount]"]).toBe("35000");
  await completeCheckout(page.request, checkout);

  await expect(page.getByText("First payment completed")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(page.getByRole("heading", { name: "Domain & Hosting" })).toBeVisible();
  await page.getByRole("button", { name: "Pay Second 50% ($350)" }).click();
  await expect(paymentDialog(page).getByText("Website Development - Payment 2 of 2")).toBeVisible();
  await sendZelleProofInDialog(page);
  await expectToast(page, "Payment Submitted", "Your Zelle proof has been sent for review");
  await expect(page.getByText("Second payment pending review")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay Second 50% ($350)" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Domain & Hosting" })).toBeVisible();

  await page.goto("/dashboard/progress");
  const rows = page.getByTestId("payment-status-row");
  await expect(rows.filter({ hasText: "Payment 1 of 2" })).toContainText("Completed");
  await expect(rows.filter({ hasText: "Payment 2 of 2" })).toContainText("Pending");
});

test("a refused proof shows the server's message and the dialog stays open", async ({ page }) => {
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/google-business");
  await page.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(page);
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  // A text file dressed up as an image: the browser's type says image, the bytes do not.
  await dialog
    .getByLabel("Proof of payment photo")
    .setInputFiles({ name: "proof.png", mimeType: "image/png", buffer: Buffer.from("not really an image") });
  await dialog.getByRole("button", { name: "Submit Proof" }).click();
  await expectToast(page, "Error", "The proof of payment must be a JPEG, PNG or WebP image");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Submit Proof" })).toBeEnabled();
});

test("a failed checkout shows 'Error creating payment session' and gives the button back", async ({ page }) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await page.goto("/dashboard/google-business");
  await page.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(page);
  await dialog.getByRole("button", { name: /Credit\/Debit Card/ }).click();
  const failing = await fetch(`${E2E_STRIPE.url}/__fail-next`, {
    method: "POST",
    body: JSON.stringify({ status: 400, message: "Invalid API key provided", email: customer.email }),
  });
  expect(failing.status).toBe(200);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expectToast(page, "Error", "Error creating payment session");
  await expect(dialog.getByRole("button", { name: "Continue" })).toBeEnabled();
  await expect(page).toHaveURL("/dashboard/google-business");
});

test("a photo over 10MB is refused in the browser: the message beside the field and in a 'Validation Error' toast", async ({
  page,
}) => {
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/google-business");
  await page.getByRole("button", { name: "Pay $250" }).click();
  const dialog = paymentDialog(page);
  await dialog.getByRole("button", { name: /Zelle Transfer/ }).click();
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/resources/payments/proof")) sent.push(request.url());
  });
  const big = Buffer.alloc(10 * 1024 * 1024 + 1);
  const input = dialog.getByLabel("Proof of payment photo");
  await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await dialog.getByRole("button", { name: "Submit Proof" }).click();
  const message = "The proof of payment photo must be smaller than 10MB";
  await expectToast(page, "Validation Error", message);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(new RegExp(`^${message}`));
  await expect(dialog).toBeVisible();
  expect(sent).toEqual([]);
});
