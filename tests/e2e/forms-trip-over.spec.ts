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
    test.setTimeout(90_000);
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
