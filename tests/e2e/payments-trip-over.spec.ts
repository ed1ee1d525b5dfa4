import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { E2E_BASE_URL, expectToast, gotoWithLiveStream, newCustomer, signedInAdmin, signUpWith, type Customer, test } from "./fixtures";
import { paymentDialog, PROOF_PNG, sendProofViaApi } from "./payments-support";

/** The e2e server writes its e-mails as .eml files in its data folder's outbox. */
const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

function mailBodiesTo(email: string): string[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .sort()
    .map((file) => readFileSync(path.join(OUTBOX, file), "utf8"))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) => {
      const bytes = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1").toString("utf8");
    });
}

async function customerPage(browser: Browser, customer: Customer, locale = "en-US"): Promise<{ page: Page; userId: string }> {
  const page = await (await browser.newContext({ locale })).newPage();
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { name: customer.fullName, email: customer.email, password: customer.password, phone: customer.phone, companyName: customer.companyName },
    headers: { origin: E2E_BASE_URL, "accept-language": locale.startsWith("es") ? "es-ES,es;q=0.9" : "en-US,en;q=0.9" },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  return { page, userId: user.id };
}

const adminPage = (browser: Browser) => signedInAdmin(browser, { locale: "en-US" });

/** An admin of its own who chose Spanish (the language is the account's: the shared e2e admin stays English). */
async function spanishAdminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const person = newCustomer();
  await signUpWith(request, person);
  expect((await request.post("/__test/admins", { data: { email: person.email } })).status()).toBe(201);
  const page = await (await browser.newContext({ locale: "en-US" })).newPage();
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email: person.email, password: person.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  return page;
}

test("the payment-status card and the Google Business gate follow the person's language", async ({ browser }) => {
  for (const [locale, words] of [
    ["en-US", { title: "Payment Status", subtitle: "Review the status of your payments", pending: "Pending", number: "Payment 1 of 2", gate: "To continue, pay $250 for the setup of your Google Business Profile.", spanishOnly: "Estado de Pagos" }],
    ["es-ES", { title: "Estado de Pagos", subtitle: "Revisa el estado de tus pagos", pending: "Pendiente", number: "Pago 1 de 2", gate: "Para continuar, realiza el pago de $250 por la configuración de tu Perfil de Google Business.", spanishOnly: "Payment Status" }],
  ] as const) {
    const customer = newCustomer();
    const { page } = await customerPage(browser, customer, locale);
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

test("the admin's customer page names the Credentials tab in the admin's language and says the note goes to the customer", async ({
  browser,
  request,
}) => {
  const customer = newCustomer();
  const { page, userId } = await customerPage(browser, customer);
  await sendProofViaApi(page.request, "google_business", 1);

  const admin = await adminPage(browser);
  await admin.goto(`/admin/users/${userId}`);
  await expect(admin.getByRole("tab", { name: "Credentials", exact: true })).toBeVisible();
  await expect(admin.getByRole("tab", { name: "Credenciales" })).toHaveCount(0);
  const notes = admin.getByPlaceholder("Add internal notes about this payment...");
  await expect(notes).toHaveAccessibleDescription("Sent to the customer with your decision");
  await expect(admin.getByText("Sent to the customer with your decision")).toBeVisible();

  const spanish = await spanishAdminPage(browser, request);
  await spanish.goto(`/admin/users/${userId}`);
  await expect(spanish.getByRole("tab", { name: "Credenciales", exact: true })).toBeVisible();
  await expect(spanish.getByText("Se envía al cliente junto con su decisión")).toBeVisible();
});

test("rejecting asks for the reason; the customer reads it, uploads a new proof of the same transfer, and it is back in review", async ({
  browser,
}) => {
  const customer = newCustomer();
  const { page, userId } = await customerPage(browser, customer);
  await sendProofViaApi(page.request, "google_business", 1);
  await gotoWithLiveStream(page, "/dashboard/google-business");
  await expect(page.getByText("Payment Pending Review")).toBeVisible();

  const admin = await adminPage(browser);
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
  await expect
    .poll(() => mailBodiesTo(customer.email).find((body) => body.includes("Payment Rejected")) ?? "", { timeout: 10_000 })
    .toContain("The photo is too blurry to read the amount");
  const mail = mailBodiesTo(customer.email).find((body) => body.includes("Payment Rejected"))!;
  expect(mail).toContain("You can upload a new proof of the same transfer (no second payment), or pay again.");
  expect(mail).toContain(`${E2E_BASE_URL}/dashboard/google-business`);

  await gotoWithLiveStream(page, "/dashboard/google-business");
  await gate.getByRole("button", { name: "Upload a new proof" }).click();
  const upload = page.getByRole("dialog", { name: "Upload a new proof" });
  const submit = upload.getByRole("button", { name: "Submit Proof" });
  await expect(submit).toBeDisabled();
  await upload.getByLabel("Proof of payment photo").setInputFiles({ name: "clearer.png", mimeType: "image/png", buffer: PROOF_PNG });
  await submit.click();
  await expectToast(page, "Proof Submitted", "Your new proof has been sent for review");
  await expect(page.getByText("Payment Pending Review")).toBeVisible();

  // The same payment is back in review: still one payment, pending, its old reason gone from the box.
  await expect(paymentCard.getByTestId("payment-status")).toHaveText("Pending", { timeout: 5000 });
  await expect(paymentCard).toHaveCount(1);
  await expect(admin.getByPlaceholder("Add internal notes about this payment...")).toHaveValue("");
});

test("the rejected state is in Spanish for a Spanish customer", async ({ browser }) => {
  const customer = newCustomer();
  const { page, userId } = await customerPage(browser, customer, "es-ES");
  await sendProofViaApi(page.request, "google_business", 1);
  const admin = await adminPage(browser);
  await admin.goto(`/admin/users/${userId}`);
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
    .poll(() => mailBodiesTo(customer.email).find((body) => body.includes("Falta el monto")) ?? "", { timeout: 10_000 })
    .toContain("Puede subir un nuevo comprobante de la misma transferencia");
});

test("the Zelle step names the recipient, copies the number and the amount, and gives the memo", async ({ browser }) => {
  const customer = newCustomer();
  const { page } = await customerPage(browser, customer);
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

test("the Zelle memo uses the full name when there is no company, in Spanish too", async ({ browser }) => {
  const customer = newCustomer({ companyName: "" });
  const { page } = await customerPage(browser, customer, "es-ES");
  await page.goto("/dashboard/website");
  await page.getByRole("button", { name: /Pagar/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "Pago requerido" });
  await dialog.getByRole("button", { name: /Transferencia Zelle/ }).click();
  await expect(dialog.getByTestId("zelle-memo")).toHaveText(`${customer.fullName} – Sitio web (pago 1)`);
  await expect(dialog.getByRole("button", { name: "Copiar el monto" })).toBeVisible();
});
