import { expect, type Page } from "@playwright/test";
import { expectToast, newCustomer, signUpViaApi, test, toasts } from "./fixtures";

const NAV_LINKS = [
  ["Progress", "/dashboard/progress"],
  ["Google Business", "/dashboard/google-business"],
  ["Website", "/dashboard/website"],
  ["Credentials", "/dashboard/credentials"],
] as const;

const drawer = (page: Page) => page.getByRole("dialog", { name: "Menu" });
const openMenu = (page: Page) => page.getByRole("button", { name: "Open menu" });

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page, newCustomer());
    await page.goto("/dashboard/progress");
  });

  test("the side navigation is a drawer with every item; choosing one navigates and closes it", async ({ page }) => {
    await expect(page.locator("aside")).toBeHidden();
    await expect(drawer(page)).toBeHidden();

    await openMenu(page).click();
    await expect(drawer(page)).toBeVisible();
    // The open drawer is modal: the page behind it, the menu button included, leaves the accessibility tree.
    await expect(page.getByRole("button", { name: "Open menu", includeHidden: true })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    const nav = drawer(page).getByRole("navigation", { name: "Dashboard" });
    for (const [label, path] of NAV_LINKS) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", path);
    }
    await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();
    // The page being shown is the highlighted item.
    await expect(nav.getByRole("link", { name: "Progress" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Website" })).not.toHaveAttribute("aria-current", "page");

    await nav.getByRole("link", { name: "Website" }).click();
    await expect(page).toHaveURL("/dashboard/website");
    await expect(drawer(page)).toBeHidden();

    await openMenu(page).click();
    await expect(drawer(page).getByRole("link", { name: "Website" })).toHaveAttribute("aria-current", "page");
    await expect(drawer(page).getByRole("link", { name: "Progress" })).not.toHaveAttribute("aria-current", "page");
  });

  test("Escape and the overlay close the drawer", async ({ page }) => {
    await openMenu(page).click();
    await expect(drawer(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer(page)).toBeHidden();

    await openMenu(page).click();
    await expect(drawer(page)).toBeVisible();
    // The overlay's right edge: the drawer itself covers the left part of the screen.
    await page.getByTestId("drawer-overlay").click({ position: { x: 360, y: 400 } });
    await expect(drawer(page)).toBeHidden();
    await expect(page).toHaveURL("/dashboard/progress");
  });

  test("Sign Out from the drawer goes to /login", async ({ page }) => {
    await openMenu(page).click();
    await drawer(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL("/login");
  });
});

test("the avatar shows the initials of the full name and opens the profile", async ({ page }) => {
  await signUpViaApi(page, newCustomer({ fullName: "jordan avery smith" }));
  await page.goto("/dashboard/progress");
  const avatar = page.getByRole("link", { name: "Your profile" });
  await expect(avatar).toHaveText("JA");
  await avatar.click();
  await expect(page).toHaveURL("/dashboard/profile");
});

test("on a wide screen the side navigation is a fixed sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/progress");
  const sidebar = page.locator("aside").getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar).toBeVisible();
  await expect(openMenu(page)).toBeHidden();
  for (const [label] of NAV_LINKS) await expect(sidebar.getByRole("link", { name: label, exact: true })).toBeVisible();
  await expect(sidebar.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Progress" })).toHaveAttribute("aria-current", "page");

  await sidebar.getByRole("link", { name: "Credentials" }).click();
  await expect(page).toHaveURL("/dashboard/credentials");
  // The Credentials page opens with its security warning (a modal) until it is acknowledged.
  await page.getByRole("dialog", { name: "Security Warning" }).getByRole("button", { name: "I Understand" }).click();
  await expect(sidebar.getByRole("link", { name: "Credentials" })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("link", { name: "Progress" })).not.toHaveAttribute("aria-current", "page");
});

const LOGIN_PAGE = {
  en: {
    locale: "en-US",
    email: "Email",
    password: "Password",
    login: "Login",
    wrongLogin: "Incorrect email or password",
    signUpLink: "Sign Up",
  },
  es: {
    locale: "es-ES",
    email: "Correo electrónico",
    password: "Contraseña",
    login: "Iniciar sesión",
    wrongLogin: "Correo o contraseña incorrectos",
    signUpLink: "Regístrese",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`an error toast (${language}) stays on its page: going to another page closes it`, async ({ browser }) => {
    // The machine running these is shared and often busy: the pages get time to arrive.
    test.setTimeout(120_000);
    const text = LOGIN_PAGE[language];
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
