import { expect, type Browser, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expectToast, freshCode, loginViaForm, newCustomer, signUpViaApi, signUpWith, test } from "./fixtures";

test.describe("the login form", () => {
  test("after 5 failed sign-ins the account is locked, and the form says so even for the right password", async ({
    page,
    request,
    baseURL,
  }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await request.post("/api/auth/sign-in/email", {
        data: { email: customer.email, password: `${customer.password}-wrong` },
        // This context holds the sign-up's session cookie, and Better Auth's origin check wants the site's Origin with it.
        headers: { origin: baseURL! },
      });
      expect(response.status(), `failure ${attempt}`).toBe(401);
    }
    await loginViaForm(page, customer.email, customer.password);
    await expectToast(
      page,
      "Error",
      "Too many failed sign-ins: this account is locked for 15 minutes. Please try again later.",
    );
    await expect(page).toHaveURL("/login");
  });

  test("empty fields show the inline messages", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Please enter your email", { exact: true })).toBeVisible();
    await expect(page.getByText("Please enter your password", { exact: true })).toBeVisible();
    // Blank after trimming counts as empty.
    await page.getByLabel("Email").fill("   ");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Please enter your email", { exact: true })).toBeVisible();
    await expect(page).toHaveURL("/login");
  });

  test("a successful login lands on the progress page", async ({ page, request }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    await loginViaForm(page, customer.email, customer.password);
    await expectToast(page, "Logged in successfully");
    await expect(page).toHaveURL("/dashboard/progress");
    await expect(page.getByRole("heading", { level: 1, name: "Construction Progress" })).toBeVisible();
  });
});

test.describe("with a session", () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page, newCustomer());
  });

  test("/login and /signup go to the progress page", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveURL("/dashboard/progress");
    await page.goto("/signup");
    await expect(page).toHaveURL("/dashboard/progress");
  });

  test("/dashboard goes to the progress page", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/dashboard/progress");
    await expect(page.getByRole("heading", { level: 1, name: "Construction Progress" })).toBeVisible();
  });

  test("Sign Out goes to /login and closes the dashboard", async ({ page }) => {
    await page.goto("/dashboard/progress");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/dashboard/progress");
    await expect(page).toHaveURL("/login");
    const session = await page.request.get("/resources/session");
    expect(await session.json()).toEqual({ user: null });
  });
});

test("without a session the dashboard goes to /login", async ({ page }) => {
  await page.goto("/dashboard/progress");
  await expect(page).toHaveURL("/login");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login");
});

const TWO_FACTOR = {
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
    welcome: "Welcome back,",
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
    welcome: "Bienvenido de nuevo,",
  },
} as const;
type Language = keyof typeof TWO_FACTOR;

async function pageIn(browser: Browser, language: Language, options: { clipboard?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale: TWO_FACTOR[language].locale,
    acceptDownloads: true,
    permissions: options.clipboard ? ["clipboard-read", "clipboard-write"] : [],
  });
  return context.newPage();
}

async function adminPasswordStep(page: Page, language: Language, email: string, password: string) {
  const text = TWO_FACTOR[language];
  await page.goto("/admin/login");
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole("button", { name: text.login, exact: true }).click();
}

// An admin's own two-factor, in English and Spanish. It enrols a fresh admin of its own and leaves the Two-Factor
// setting alone, so it runs with the parallel specs; the setting itself is admin-two-factor.spec.ts's. The two
// languages run one after the other: Better Auth allows 3 two-factor requests per 10 s from one address, and every
// browser of the suite comes from 127.0.0.1, so side by side one language's code was answered 429.
test.describe("two-factor", () => {
  test.describe.configure({ mode: "default" });
  for (const language of ["en", "es"] as const) {
    test(`two-factor (${language}): backup codes copy and download; the code field starts empty; the welcome waits for the code`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const text = TWO_FACTOR[language];
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

      // The second sign-in: after the password the code field is empty (not holding the e-mail just typed),
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
      // An admin is greeted by name too.
      const welcome = `${text.welcome} ${person.fullName}`;
      await expect(second.getByText(welcome, { exact: true })).toHaveCount(0);
      await codeField.fill(await freshCode(secret, used));
      await second.getByRole("button", { name: text.verify }).click();
      await expect(second).toHaveURL("/admin/dashboard");
      await expectToast(second, welcome);
      await second.context().close();
    });
  }
});
