import { expect, type Browser, type Page } from "@playwright/test";
import { expectToast, freshCode, newCustomer, signUpWith, test } from "./fixtures";

// Runs in its own "two-factor" project, last and alone: the Two-Factor setting reaches every admin. It uses an
// admin of its own (the shared e2e admin never enrols) and turns the setting off at the end.

async function adminLogin(page: Page, email: string, password: string) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function setTwoFactor(page: Page, on: boolean) {
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Security" }).click();
  const toggle = page.getByRole("switch", { name: "Two-Factor Authentication" });
  if (on) await toggle.check();
  else await toggle.uncheck();
  await page.getByRole("button", { name: "Save Security Settings" }).click();
  await expectToast(page, "Security updated", "Security settings have been saved");
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("with two-factor on, an admin enrols, signs in with a code; a wrong code is refused; a backup code works once", async ({
  browser,
  request,
  settingsToRestore,
}) => {
  settingsToRestore.add("security");
  test.setTimeout(120_000);
  const person = newCustomer();
  await signUpWith(request, person);
  const promoted = await request.post("/__test/admins", { data: { email: person.email } });
  expect(promoted.status()).toBe(201);

  const page = await newPage(browser);
  await adminLogin(page, person.email, person.password);
  await expect(page).toHaveURL("/admin/dashboard");
  await setTwoFactor(page, true);
  {
    // The next page of an un-enrolled admin is the enrolment.
    await page.goto("/admin/users");
    await expect(page).toHaveURL("/admin/two-factor");
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Set up two-factor" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("two-factor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    const used = new Set<string>();
    await page.getByLabel("Authentication code").fill(await freshCode(secret, used));
    await page.getByRole("button", { name: "Verify" }).click();
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await expect(codes.first()).toBeVisible();
    const backupCodes = (await codes.allTextContents()).map((code) => code.trim());
    expect(backupCodes.length).toBeGreaterThan(1);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/admin\/login/);

    // Sign-in asks for a code: a wrong one is refused, a right one lets the admin in.
    const second = await newPage(browser);
    await adminLogin(second, person.email, person.password);
    const codeField = second.getByLabel("Authentication code");
    await expect(codeField).toBeVisible();
    const right = await freshCode(secret, used);
    await codeField.fill(right === "000000" ? "111111" : "000000");
    await second.getByRole("button", { name: "Verify" }).click();
    await expectToast(second, "Invalid code");
    await expect(second).toHaveURL("/admin/login");
    await codeField.fill(right);
    await second.getByRole("button", { name: "Verify" }).click();
    await expect(second).toHaveURL("/admin/dashboard");

    // A backup code works once.
    const third = await newPage(browser);
    await adminLogin(third, person.email, person.password);
    await third.getByRole("button", { name: "Use a backup code" }).click();
    await third.getByLabel("Backup code").fill(backupCodes[0]!);
    await third.getByRole("button", { name: "Verify" }).click();
    await expect(third).toHaveURL("/admin/dashboard");
    const fourth = await newPage(browser);
    await adminLogin(fourth, person.email, person.password);
    await fourth.getByRole("button", { name: "Use a backup code" }).click();
    await fourth.getByLabel("Backup code").fill(backupCodes[0]!);
    await fourth.getByRole("button", { name: "Verify" }).click();
    await expectToast(fourth, "Invalid code");
    await expect(fourth).toHaveURL("/admin/login");
    // The setting goes off again (the server is shared by every later run of this project).
    await setTwoFactor(third, false);
  }
});
