import { expect, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { generateSync } from "otplib";
import { expectToast, newCustomer, signUpWith, test } from "./fixtures";

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
