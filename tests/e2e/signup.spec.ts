import { expect, type Page } from "@playwright/test";
import { expectToast, newCustomer, signUpWith, toasts, type Customer, test } from "./fixtures";

async function fillSignup(page: Page, customer: Customer, confirmPassword = customer.password): Promise<void> {
  await page.getByLabel("Full Name").fill(customer.fullName);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Phone").fill(customer.phone);
  await page.getByLabel("Company Name (optional)").fill(customer.companyName);
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByLabel("Confirm Password").fill(confirmPassword);
}

const createAccount = (page: Page) => page.getByRole("button", { name: "Create Account" });

test.beforeEach(async ({ page }) => {
  await page.goto("/signup");
});

test("an empty form shows the inline message under each required field", async ({ page }) => {
  await createAccount(page).click();
  await expect(page.getByText("Please enter your full name", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your email", { exact: true })).toBeVisible();
  await expect(page.getByText("Please enter your phone number", { exact: true })).toBeVisible();
  // The messages are tied to their inputs for screen readers.
  await expect(page.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Full Name")).toHaveAccessibleDescription("Please enter your full name");
  await expect(page).toHaveURL("/signup");
  // Blank after trimming counts as empty.
  await page.getByLabel("Full Name").fill("   ");
  await createAccount(page).click();
  await expect(page.getByText("Please enter your full name", { exact: true })).toBeVisible();
});

test("the phone number is formatted as it is typed", async ({ page }) => {
  const phone = page.getByLabel("Phone");
  await phone.pressSequentially("555");
  await expect(phone).toHaveValue("555");
  await phone.pressSequentially("123");
  await expect(phone).toHaveValue("(555) 123");
  await phone.pressSequentially("4567");
  await expect(phone).toHaveValue("(555) 123-4567");
  // An eleventh digit is not taken.
  await phone.pressSequentially("8");
  await expect(phone).toHaveValue("(555) 123-4567");
  // A 13-character limit could not hold the example '(555) 123-4567' (14 characters): see app/features/auth/phone.ts.
  await expect(phone).toHaveAttribute("maxlength", String("(555) 123-4567".length));
});

test("each password rule is reported in order as an 'Error' toast, then the confirmation", async ({ page }) => {
  const customer = newCustomer();
  const cases: [password: string, message: string][] = [
    ["Sh0rt-Pass!", "Password must be at least 12 characters"],
    ["no-uppercase-1!", "Password must contain at least one uppercase letter"],
    ["NO-LOWERCASE-1!", "Password must contain at least one lowercase letter"],
    ["No-Numbers-Here!", "Password must contain at least one number"],
    ["NoSpecialChars123", "Password must contain at least one special character"],
  ];
  await fillSignup(page, customer);
  for (const [password, message] of cases) {
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm Password").fill(password);
    await createAccount(page).click();
    await expectToast(page, "Error", message);
  }
  await page.getByLabel("Password", { exact: true }).fill(customer.password);
  await page.getByLabel("Confirm Password").fill(`${customer.password}x`);
  await createAccount(page).click();
  await expectToast(page, "Error", "Passwords do not match");
  await expect(page).toHaveURL("/signup");
});

// The sign-up page's one refusal from the server, shown in the page; the rule and its words are also auth.test.ts's.
test("an e-mail that is already registered is refused", async ({ page, request }) => {
  const existing = newCustomer();
  await signUpWith(request, existing);
  await fillSignup(page, newCustomer({ email: existing.email }));
  await createAccount(page).click();
  await expectToast(page, "Error", "This email is already registered");
  await expect(page).toHaveURL("/signup");
});

test("a successful sign-up lands on the progress page, signed in", async ({ page }) => {
  const customer = newCustomer();
  await fillSignup(page, customer);
  await createAccount(page).click();
  await expectToast(page, "Account created successfully");
  await expect(page).toHaveURL("/dashboard/progress");
  await expect(page.getByRole("heading", { level: 1, name: "Construction Progress" })).toBeVisible();
  await expect(page).toHaveTitle("Construction Progress");
  // The session is real: a fresh load of the page is still signed in.
  await page.reload();
  await expect(page).toHaveURL("/dashboard/progress");
});

const SIGNUP = {
  en: {
    locale: "en-US",
    fullName: "Full Name",
    email: "Email",
    phone: "Phone",
    password: "Password",
    confirm: "Confirm Password",
    create: "Create Account",
    tooShort: "Password must be at least 12 characters",
    mismatch: "Passwords do not match",
  },
  es: {
    locale: "es-ES",
    fullName: "Nombre completo",
    email: "Correo electrónico",
    phone: "Teléfono",
    password: "Contraseña",
    confirm: "Confirmar contraseña",
    create: "Crear cuenta",
    tooShort: "La contraseña debe tener al menos 12 caracteres",
    mismatch: "Las contraseñas no coinciden",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test.describe(() => {
    test.use({ locale: SIGNUP[language].locale });

    test(`sign-up (${language}): the failing password field is marked, one toast at a time, and the errors go on success`, async ({
      page,
    }) => {
      // The machine running these is shared and often busy: the pages get time to arrive.
      test.setTimeout(120_000);
      const text = SIGNUP[language];
      const person = newCustomer();
      await page.getByLabel(text.fullName).fill(person.fullName);
      await page.getByLabel(text.email).fill(person.email);
      await page.getByLabel(text.phone).fill(person.phone);
      const password = page.getByLabel(text.password, { exact: true });
      const confirm = page.getByLabel(text.confirm);

      // A password rule broken: the toast, and the password field marked with the message tied to it.
      await password.fill("Sh0rt-Pass!");
      await confirm.fill("Sh0rt-Pass!");
      await page.getByRole("button", { name: text.create }).click();
      await expectToast(page, "Error", text.tooShort);
      await expect(password).toHaveAttribute("aria-invalid", "true");
      await expect(password).toHaveAccessibleDescription(new RegExp(`^${text.tooShort}`));
      await expect(confirm).not.toHaveAttribute("aria-invalid", "true");

      // The confirmation differs: now the confirmation is marked, not the password; the new toast replaced the old.
      await password.fill(person.password);
      await confirm.fill(`${person.password}x`);
      await page.getByRole("button", { name: text.create }).click();
      await expectToast(page, "Error", text.mismatch);
      await expect(confirm).toHaveAttribute("aria-invalid", "true");
      await expect(confirm).toHaveAccessibleDescription(text.mismatch);
      await expect(password).not.toHaveAttribute("aria-invalid", "true");
      // The earlier toast went at once (sonner kept it, hidden, until its own 4 seconds were over).
      await expect(toasts(page).filter({ hasText: text.tooShort })).toHaveCount(0, { timeout: 1500 });

      // Fixed: the success replaces the error, which does not come along to the next page.
      await confirm.fill(person.password);
      await expect(confirm).not.toHaveAttribute("aria-invalid", "true");
      await page.getByRole("button", { name: text.create }).click();
      await expect(page).toHaveURL("/dashboard/progress", { timeout: 20_000 });
      await expect(toasts(page).filter({ hasText: text.mismatch })).toHaveCount(0, { timeout: 1500 });
      await expect(page.getByText(text.mismatch)).toHaveCount(0);
    });
  });
}
