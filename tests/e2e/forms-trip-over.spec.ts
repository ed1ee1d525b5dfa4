import { expect, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { generateSync } from "otplib";
import { E2E_ADMIN, expectToast, newCustomer, signUpViaApi, signUpWith, test, type Customer } from "./fixtures";
import { payByCard, PROOF_PNG } from "./payments-support";

// The places where people tripped over the forms: fields that arrive filled with the wrong thing, toasts that
// linger, list inputs that swallow what was typed, the same data typed twice. English and Spanish where texts matter.

const TEXTS = {
  en: {
    locale: "en-US",
    email: "Email",
    password: "Password",
    login: "Login",
    code: "Authentication code",
    verify: "Verify",
    setUp: "Set up two-factor",
    backupCodes: "Backup codes",
    copy: "Copy",
    copied: "Copied",
    download: "Download",
    welcome: "Welcome back, Admin",
  },
  es: {
    locale: "es-ES",
    email: "Correo electrónico",
    password: "Contraseña",
    login: "Iniciar sesión",
    code: "Código de autenticación",
    verify: "Verificar",
    setUp: "Configurar dos factores",
    backupCodes: "Códigos de respaldo",
    copy: "Copiar",
    copied: "Copiado",
    download: "Descargar",
    welcome: "Bienvenido de nuevo, administrador",
  },
} as const;
type Language = keyof typeof TEXTS;

// The machine running these is shared and often busy: pages get time to arrive.
test.describe.configure({ timeout: 120_000 });

/** A fresh code for the secret, never one already used (Better Auth refuses a code twice within its window). */
async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = generateSync({ secret });
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function pageIn(browser: Browser, language: Language, options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: TEXTS[language].locale,
    acceptDownloads: true,
    permissions: options.clipboard ? ["clipboard-read", "clipboard-write"] : [],
  });
  return context.newPage();
}

async function adminPasswordStep(page: Page, language: Language, email: string, password: string) {
  const text = TEXTS[language];
  await page.goto("/admin/login");
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole("button", { name: text.login, exact: true }).click();
}

for (const language of ["en", "es"] as const) {
  test(`two-factor (${language}): backup codes copy and download; the code field starts empty; the welcome waits for the code`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[language];
    const person = newCustomer();
    await signUpWith(request, person);
    expect((await request.post("/__test/admins", { data: { email: person.email } })).status()).toBe(201);

    // Enrolment (open to any admin; the Security setting only makes it compulsory).
    const page = await pageIn(browser, language, { clipboard: true });
    await adminPasswordStep(page, language, person.email, person.password);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/two-factor");
    await page.getByLabel(text.password).fill(person.password);
    await page.getByRole("button", { name: text.setUp }).click();
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    const used = new Set<string>();
    await page.getByLabel(text.code).fill(await freshCode(secret, used));
    await page.getByRole("button", { name: text.verify }).click();
    const codes = page.getByRole("list", { name: text.backupCodes }).getByRole("listitem");
    await expect(codes.first()).toBeVisible();
    const backupCodes = (await codes.allTextContents()).map((code) => code.trim());

    await page.getByRole("button", { name: text.copy, exact: true }).click();
    await expect(page.getByRole("button", { name: text.copied, exact: true })).toBeVisible();
    expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(backupCodes);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: text.download, exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("backup-codes.txt");
    const file = await readFile((await download.path())!, "utf8");
    for (const code of backupCodes) expect(file).toContain(code);
    expect(file).toContain(person.email);
    await page.context().close();

    // The second sign-in: after the password the code field is empty (it used to hold the e-mail just typed),
    // and the welcome shows only once the code is accepted.
    const second = await pageIn(browser, language);
    await adminPasswordStep(second, language, person.email, person.password);
    const codeField = second.getByLabel(text.code);
    await expect(codeField).toBeVisible();
    await expect(codeField).toHaveValue("");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expect(codeField).toHaveAttribute("name", "code");
    await expect(codeField).not.toHaveAttribute("type", "email");
    await expect(second.getByText(text.welcome, { exact: true })).toHaveCount(0);
    await codeField.fill(await freshCode(secret, used));
    await second.getByRole("button", { name: text.verify }).click();
    await expect(second).toHaveURL("/admin/dashboard");
    await expectToast(second, text.welcome);
    await second.context().close();
  });
}

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
    created: "Account created successfully",
    wrongLogin: "Incorrect email or password",
    login: "Login",
    signUpLink: "Sign Up",
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
    created: "Cuenta creada con éxito",
    wrongLogin: "Correo o contraseña incorrectos",
    login: "Iniciar sesión",
    signUpLink: "Regístrese",
  },
} as const;

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

for (const language of ["en", "es"] as const) {
  test(`sign-up (${language}): the failing password field is marked, one toast at a time, and the errors go on success`, async ({
    browser,
  }) => {
    const text = SIGNUP[language];
    const page = await (await browser.newContext({ locale: text.locale })).newPage();
    const person = newCustomer();
    await page.goto("/signup");
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
    await page.context().close();
  });

  test(`an error toast (${language}) stays on its page: going to another page closes it`, async ({ browser }) => {
    const text = SIGNUP[language];
    const page = await (await browser.newContext({ locale: text.locale })).newPage();
    await page.goto("/login");
    await page.getByLabel(text.email).fill(`nobody-${Date.now()}@e2e.test`);
    await page.getByLabel(text.password).fill("Wrong-Password-1!");
    await page.getByRole("button", { name: text.login, exact: true }).click();
    await expectToast(page, "Error", text.wrongLogin);
    await page.getByRole("link", { name: text.signUpLink }).click();
    await expect(page).toHaveURL("/signup");
    // Well before the toast's own 4 seconds are over.
    await expect(toasts(page)).toHaveCount(0, { timeout: 2500 });
    await page.context().close();
  });
}

/** A signed-up customer in a browser of their own (language, width) whose first payment of each service is paid by card. */
async function paidCustomer(
  browser: Browser,
  services: "google_business" | "website" | ("google_business" | "website")[],
  options: { locale?: string; width?: number; customer?: Customer } = {},
): Promise<{ page: Page; customer: Customer }> {
  const customer = options.customer ?? newCustomer();
  const page = await (
    await browser.newContext({ locale: options.locale ?? "en-US", viewport: { width: options.width ?? 1280, height: 900 } })
  ).newPage();
  await signUpViaApi(page, customer);
  for (const service of [services].flat()) await payByCard(page.request, customer.email, service, 1);
  return { page, customer };
}

const GOOGLE = {
  en: {
    locale: "en-US",
    gmail: "Gmail Email",
    gmailPassword: "Gmail Password",
    legalName: "Legal Business Name",
    serviceType: "Type of Service",
    openingDate: "Opening Date",
    phone: "Phone Number",
    address: "Street Address",
    city: "City",
    state: "State",
    zip: "ZIP Code",
    serviceCity: "Service City",
    add: "Add service city",
    submit: "Submit Information",
    confirm: "Confirm",
    saved: "Your information has been saved successfully",
    cityRequired: "At least one service city is required",
  },
  es: {
    locale: "es-ES",
    gmail: "Correo de Gmail",
    gmailPassword: "Contraseña de Gmail",
    legalName: "Nombre legal del negocio",
    serviceType: "Tipo de servicio",
    openingDate: "Fecha de apertura",
    phone: "Número de teléfono",
    address: "Dirección",
    city: "Ciudad",
    state: "Estado",
    zip: "Código postal",
    serviceCity: "Ciudad de servicio",
    add: /^Agregar/,
    submit: "Enviar información",
    confirm: "Confirmar",
    saved: "Su información se guardó con éxito",
    cityRequired: "Se requiere al menos una ciudad de servicio",
  },
} as const;

/** Fills the Google form's required fields but the service cities. */
async function fillGoogleForm(page: Page, language: Language): Promise<void> {
  const text = GOOGLE[language];
  await page.getByLabel(text.gmail).fill("casey.business@gmail.com");
  await page.getByLabel(text.gmailPassword).fill("Gmail-Pass-e2e");
  await page.getByLabel(text.legalName).fill("Casey Cleaning LLC");
  await page.getByLabel(text.serviceType).fill("Cleaning");
  await page.getByLabel(text.openingDate).fill("2016-04-02");
  await page.getByLabel(text.phone).fill("(555) 123-4567");
  await page.getByRole("textbox", { name: text.address, exact: true }).fill("1 Main St");
  await page.getByRole("textbox", { name: text.city, exact: true }).fill("Miami");
  await page.getByRole("combobox", { name: text.state }).selectOption("FL");
  await page.getByLabel(text.zip).fill("33101");
}

for (const language of ["en", "es"] as const) {
  test(`list input (${language}): a city typed but not added is sent; the list's error goes once it is fixed`, async ({ browser }) => {
    const text = GOOGLE[language];
    const { page } = await paidCustomer(browser, "google_business", { locale: text.locale });
    await page.goto("/dashboard/google-business");
    await fillGoogleForm(page, language);

    // No city: the list's error shows; adding one takes it away without another submit.
    await page.getByRole("button", { name: text.submit }).click();
    const city = page.getByRole("textbox", { name: text.serviceCity });
    await expect(page.getByText(text.cityRequired, { exact: true }).last()).toBeVisible();
    await expect(city).toHaveAttribute("aria-invalid", "true");
    await city.fill("Doral");
    await page.getByRole("button", { name: text.add }).click();
    await expect(city).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("p", { hasText: text.cityRequired })).toHaveCount(0);

    // A second city typed and never added goes with the submit.
    await city.fill("Hialeah");
    await page.getByRole("button", { name: text.submit }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, text.saved);
    await expect(page.getByText("Hialeah", { exact: true })).toBeVisible();
    await expect(page.getByText("Doral", { exact: true })).toBeVisible();
    await page.context().close();
  });
}

const PREFILL = {
  en: {
    fromSignUp: "Your business name and phone number are filled in from your sign-up. Check them before you submit.",
    fromGoogle: "Filled in from your Google Business Profile information. Check each field before you submit.",
    chooseState: "Choose a state",
    logo: "Logo",
    websiteSaved: "Website information submitted successfully",
    understand: "I Understand",
    googleCard: "Google Business",
    fromForm: "From your Google Business Profile information",
  },
  es: {
    fromSignUp: "El nombre de su negocio y su teléfono vienen de su registro. Revíselos antes de enviar.",
    fromGoogle: "Completado con la información de su Perfil de Google Business. Revise cada campo antes de enviar.",
    chooseState: "Elija un estado",
    logo: "Logotipo",
    websiteSaved: "Información del sitio web enviada con éxito",
    understand: "Entiendo",
    googleCard: "Google Business",
    fromForm: "De la información de su Perfil de Google Business",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`nothing typed twice (${language}): the Google form starts from the sign-up, the website form from the Google one (logo too), and the Credentials card shows the Gmail address`, async ({
    browser,
  }) => {
    const text = GOOGLE[language];
    const more = PREFILL[language];
    const { page, customer } = await paidCustomer(browser, ["google_business", "website"], { locale: text.locale });
    // Both next steps say 'fill in the form'; on a phone their buttons wrap instead of running off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/dashboard/progress");
    await expect(page.getByTestId("next-step-website")).toHaveAttribute("data-state", "send-information");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The Google form: company and phone from the sign-up, said so; the state is a select of the 50 states and DC.
    await page.goto("/dashboard/google-business");
    await expect(page.getByTestId("prefill-note")).toHaveText(more.fromSignUp);
    await expect(page.getByLabel(text.legalName)).toHaveValue(customer.companyName);
    await expect(page.getByLabel(text.phone)).toHaveValue(customer.phone);
    const state = page.getByRole("combobox", { name: text.state });
    await expect(state.locator("option")).toHaveCount(52);
    await expect(state.locator("option").first()).toHaveText(more.chooseState);
    await expect(state).toHaveValue("");
    await fillGoogleForm(page, language);
    await page.getByLabel(more.logo, { exact: true }).setInputFiles({ name: "brand.png", mimeType: "image/png", buffer: PROOF_PNG });
    const city = page.getByRole("textbox", { name: text.serviceCity });
    await city.fill("Doral");
    await city.press("Enter");
    await page.getByRole("button", { name: text.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, text.saved);

    // The website form: everything both forms ask for, from the Google form, the logo included; nothing to retype.
    await page.goto("/dashboard/website");
    await expect(page.getByTestId("prefill-note")).toHaveText(more.fromGoogle);
    await expect(page.getByLabel(text.legalName)).toHaveValue("Casey Cleaning LLC");
    await expect(page.getByLabel(text.phone)).toHaveValue("(555) 123-4567");
    await expect(page.getByRole("textbox", { name: text.address, exact: true })).toHaveValue("1 Main St");
    await expect(page.getByRole("textbox", { name: text.city, exact: true })).toHaveValue("Miami");
    await expect(page.getByRole("combobox", { name: text.state })).toHaveValue("FL");
    await expect(page.getByLabel(text.zip)).toHaveValue("33101");
    await expect(page.getByText("Doral", { exact: true })).toBeVisible();
    await expect(page.getByText("Cleaning", { exact: true })).toBeVisible();
    await expect(page.getByText(/logo\.(png|jpeg|webp)/)).toBeVisible();
    await page.getByRole("button", { name: text.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, more.websiteSaved);
    await expect(page.getByRole("list", { name: more.logo }).getByRole("img")).toBeVisible();

    // The Credentials page's Google Business card shows the Gmail address given in the Google form, and says so.
    await page.goto("/dashboard/credentials");
    await page.getByRole("button", { name: more.understand }).click();
    const card = page.getByRole("region", { name: more.googleCard, exact: true });
    await expect(card).toContainText("casey.business@gmail.com");
    await expect(card).toContainText(more.fromForm);
    await page.context().close();
  });
}

test("read-only views show an empty value as a dash; a long Gmail address wraps without sideways scroll; a note's missing fields each say what they miss", async ({
  browser,
}) => {
  const { page, customer } = await paidCustomer(browser, "google_business", { width: 390 });
  await page.goto("/dashboard/google-business");
  await fillGoogleForm(page, "en");
  const longGmail = "a.really.long.business.owner.address.for.cleaning@gmail.com";
  await page.getByLabel(GOOGLE.en.gmail).fill(longGmail);
  const city = page.getByRole("textbox", { name: GOOGLE.en.serviceCity });
  await city.fill("Doral");
  await city.press("Enter");
  await page.getByRole("button", { name: GOOGLE.en.submit }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm", exact: true }).click();
  await expectToast(page, GOOGLE.en.saved);

  // Empty social links, website and apt/suite: each a dash, none left blank.
  for (const label of ["Facebook", "Instagram", "LinkedIn", "Website", "Apt/Suite"]) {
    const value = page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`, "i") }) }).locator("dd");
    await expect(value, label).toHaveText(/^—/);
  }
  const gmail = page.locator("dd", { hasText: longGmail });
  await expect(gmail).toBeVisible();
  expect(await gmail.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
  await page.screenshot({ path: "test-results/forms-read-only-390.png", fullPage: true });

  // The admin's note: one message per empty field, not the same sentence under both.
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  expect(customer.email).toContain("@");
  const admin = await (await browser.newContext()).newPage();
  await admin.goto("/admin/login");
  await admin.getByLabel("Email").fill(E2E_ADMIN.email);
  await admin.getByLabel("Password").fill(E2E_ADMIN.password);
  await admin.getByRole("button", { name: "Login" }).click();
  await expect(admin).toHaveURL("/admin/dashboard", { timeout: 20_000 });
  await admin.goto(`/admin/users/${user.id}`);
  await admin.getByRole("tab", { name: "Notes" }).click();
  await admin.getByRole("button", { name: "Add Note" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Note" });
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("Title is required");
  await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("Description is required");
  await expect(dialog.getByText("Title and description are required")).toHaveCount(0);
  await dialog.getByLabel("Title").fill("Kick-off call");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("Description is required");
});
