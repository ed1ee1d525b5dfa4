import { expect, type Page } from "@playwright/test";
import {
  expectNoAxeViolations,
  expectToast,
  LIVE_UPDATE_MS,
  loginViaForm,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
  type Customer,
} from "./fixtures";
import { sendProofViaApi } from "./payments-support";

const card = (page: Page) => page.getByTestId("delete-account-card");

/** The account is gone: the login form refuses its address and password. */
async function expectSignInRefused(page: Page, customer: Customer): Promise<void> {
  await loginViaForm(page, customer.email, customer.password);
  await expectToast(page, "Incorrect email or password");
  await expect(page).toHaveURL("/login");
}

/** From the Profile card: 'Request deletion', the password and the word, sent; the card then says the request waits. */
async function requestDeletion(page: Page, customer: Customer, confirmation = "DELETE"): Promise<void> {
  await card(page).getByRole("button", { name: "Request deletion" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Request the deletion of your account?" });
  await dialog.getByLabel("Your password").fill(customer.password);
  await dialog.getByLabel("Type DELETE to confirm").fill(confirmation);
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("deletion-pending")).toBeVisible();
}

test("a customer with nothing pending deletes their account from the keyboard, lands on a page that says so, and cannot sign in again", async ({
  page,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  // The profile is a page of the portal's navigation.
  await page.goto("/dashboard/progress");
  await page.getByRole("navigation").getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL("/dashboard/profile");
  await expect(card(page).getByRole("heading", { name: "Delete my account" })).toBeVisible();
  await expect(card(page).getByText("What is kept")).toBeVisible();
  await expect(card(page).getByText(/without your name, e-mail, phone or files/)).toBeVisible();

  // The dialog, by keyboard: its fields are labelled, focus starts inside it, a wrong password is said beside its field.
  await card(page).getByRole("button", { name: "Delete my account" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    "This cannot be undone: everything listed is erased now and you are signed out.",
  );
  await expect(dialog.getByLabel("Your password")).toBeFocused();
  await page.keyboard.type("Not-The-Password-1!");
  await page.keyboard.press("Tab");
  await page.keyboard.type("DELETE");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Current password is incorrect")).toBeVisible();
  await expect(dialog.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, '[role="alertdialog"]');

  await dialog.getByLabel("Your password").fill(customer.password);
  await dialog.getByLabel("Your password").press("Enter");
  await expect(page).toHaveURL("/account-deleted");
  await expect(page.getByRole("heading", { name: "Your account has been deleted" })).toBeVisible();
  await expect(page.getByText(/payments are kept for bookkeeping, without your name/)).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out: the portal sends them to the login page, where the account no longer signs in.
  await page.goto("/dashboard/profile");
  await expect(page).toHaveURL("/login");
  await expectSignInRefused(page, customer);
});

test("a customer with a pending Zelle proof gets 'Deletion requested'; an admin approves it from the work queue and the customer's open page ends", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await sendProofViaApi(page.request, "google_business", 1);
  await page.goto("/dashboard/profile");
  await expect(
    card(page).getByText("A payment is waiting for review: the agency confirms your deletion first.", { exact: false }),
  ).toBeVisible();
  await requestDeletion(page, customer, "delete");
  await expectToast(page, "Deletion requested");
  await expect(page.getByTestId("deletion-pending")).toContainText("Deletion requested on");
  await expect(page.getByTestId("deletion-pending")).toContainText("A payment is waiting for review");
  await expect(card(page).getByRole("button", { name: "Request deletion" })).toHaveCount(0);

  // The admin, in a browser of their own: the work queue's 'Deletion requested', what holds it back, and the approval.
  const admin = await signedInAdmin(browser);
  const row = admin.getByTestId("queue-deletion-row").filter({ hasText: customer.fullName });
  await expect(row).toContainText("Waiting for the agency: A payment is waiting for review");
  await row.getByRole("button", { name: /^Approve and delete/ }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Delete ${customer.fullName}'s account?` });
  await expect(confirm).toContainText("A payment still waiting for review is closed without review");
  await confirm.getByRole("button", { name: "Approve and delete" }).click();
  await expectToast(admin, "Account deleted");
  await expect(row).toHaveCount(0);

  // The customer's open page learns it live: the session is gone, so it goes to the login page.
  await expect(page).toHaveURL(/\/login/, { timeout: LIVE_UPDATE_MS * 2 });
  await expectSignInRefused(page, customer);
  await admin.context().close();
});

test("a customer withdraws a waiting request and the admin's open page of them loses it; asked again, the admin declines it from that page and the customer reads why", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await sendProofViaApi(page.request, "website", 1);
  await page.goto("/dashboard/profile");
  await requestDeletion(page, customer);

  // The admin opens the customer's page: the request, when, and what holds it back.
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: customer.fullName }).first().click();
  const notice = admin.getByTestId("pending-deletion");
  await expect(notice.getByRole("heading", { name: "Deletion requested" })).toBeVisible();
  await expect(notice).toContainText("Waiting for the agency: A payment is waiting for review");

  // The customer withdraws it: the card offers the dialog again, and the admin's page loses the notice live.
  await card(page).getByRole("button", { name: "Withdraw request" }).click();
  await expectToast(page, "Request withdrawn", "Your account stays as it is.");
  await expect(page.getByTestId("deletion-pending")).toHaveCount(0);
  await expect(card(page).getByRole("button", { name: "Request deletion" })).toBeVisible();
  await expect(notice).toHaveCount(0, { timeout: LIVE_UPDATE_MS });

  // Asked again: it reaches the admin's open page, who declines it there with a reason the customer's open page shows.
  await requestDeletion(page, customer);
  await expect(notice).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await notice.getByRole("button", { name: "Decline" }).click();
  const decline = admin.getByRole("dialog", { name: `Decline ${customer.fullName}'s request?` });
  await decline.getByLabel("Reason (required)").fill("Your website goes live on Friday; let us finish it first.");
  await decline.getByRole("button", { name: "Decline request" }).click();
  await expectToast(admin, "Request declined", "The customer has been notified.");
  await expect(notice).toHaveCount(0);
  await expect(admin.getByRole("heading", { name: customer.fullName })).toBeVisible();
  await expect(page.getByTestId("deletion-declined")).toContainText(
    "Your website goes live on Friday; let us finish it first.",
    { timeout: LIVE_UPDATE_MS },
  );
  await admin.context().close();
});

test("an admin approves a waiting request from the customer's page and lands on the customer list", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await sendProofViaApi(page.request, "google_business", 1);
  await page.goto("/dashboard/profile");
  await requestDeletion(page, customer);

  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: customer.fullName }).first().click();
  await admin.getByTestId("pending-deletion").getByRole("button", { name: "Approve and delete" }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Delete ${customer.fullName}'s account?` });
  await expectNoAxeViolations(admin, '[role="alertdialog"]');
  await confirm.getByRole("button", { name: "Approve and delete" }).click();
  await expect(admin).toHaveURL("/admin/users");
  await expectToast(admin, "Account deleted");
  await expect(admin.getByRole("link", { name: customer.fullName })).toHaveCount(0);
  await admin.context().close();
  await expectSignInRefused(page, customer);
});

test("an admin deletes a customer from their page, with a reason, and lands on the customer list", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/users");
  await admin.getByRole("link", { name: customer.fullName }).first().click();
  await expect(admin.getByRole("heading", { name: customer.fullName })).toBeVisible();
  await admin.getByRole("button", { name: "Delete customer" }).click();
  const dialog = admin.getByRole("alertdialog", { name: `Delete ${customer.fullName}?` });
  await dialog.getByLabel("Reason (required)").fill("Asked by phone to close the account");
  await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
  await dialog.getByRole("button", { name: "Delete customer" }).click();
  await expect(admin).toHaveURL("/admin/users");
  await expectToast(admin, "Customer deleted", "Their data has been erased; their payments stay for the books.");
  await expect(admin.getByRole("link", { name: customer.fullName })).toHaveCount(0);
  await admin.context().close();
  await expectSignInRefused(page, customer);
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("the card, the dialog and the page after it speak Spanish", async ({ page }) => {
    const customer = newCustomer();
    await signUpViaApi(page, customer);
    await page.goto("/dashboard/profile");
    await expect(card(page).getByRole("heading", { name: "Eliminar mi cuenta" })).toBeVisible();
    await expect(card(page).getByText("Qué se conserva")).toBeVisible();
    await card(page).getByRole("button", { name: "Eliminar mi cuenta" }).click();
    const dialog = page.getByRole("alertdialog", { name: "¿Eliminar su cuenta?" });
    await dialog.getByLabel("Su contraseña").fill(customer.password);
    await dialog.getByLabel("Escriba ELIMINAR para confirmar").fill("BORRAR");
    await dialog.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect(dialog.getByText("Escriba ELIMINAR para confirmar", { exact: true }).last()).toBeVisible();
    await expect(dialog.getByLabel("Escriba ELIMINAR para confirmar")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Escriba ELIMINAR para confirmar").fill("eliminar");
    await dialog.getByRole("button", { name: "Eliminar mi cuenta" }).click();
    await expect(page).toHaveURL("/account-deleted");
    await expect(page.getByRole("heading", { name: "Su cuenta se ha eliminado" })).toBeVisible();
    await expect(page.getByText("Se ha cerrado su sesión.")).toBeVisible();
  });
});
