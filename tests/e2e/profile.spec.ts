import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  loginViaForm,
  newCustomer,
  signUpViaApi,
  test,
} from "./fixtures";
import { countDocumentLoads } from "./payments-support";

const headerAvatar = (page: Page) => page.getByRole("link", { name: "Your profile" });

test("the avatar upload shows the new picture in the header without a reload; a 3 MB image and a text file named .png are refused", async ({
  page,
}) => {
  const customer = newCustomer({ fullName: "Petra Painter" });
  await signUpViaApi(page, customer);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/profile");
  await expect(headerAvatar(page)).toHaveText("PP");
  const loads = countDocumentLoads(page);
  const picture = page.getByLabel("Profile picture");

  const tooBig = Buffer.alloc(3 * 1024 * 1024, 1);
  await picture.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: tooBig });
  await expectToast(page, "Validation Error", "Image must be smaller than 2MB");

  await picture.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("just some text, not an image"),
  });
  await expectToast(page, "Error", "Please select a valid image");
  await expect(headerAvatar(page).locator("img")).toHaveCount(0);

  const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  await picture.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expectToast(page, "Profile picture updated successfully");
  const avatarPrefix = new RegExp(`^/files/avatars/${user.id}/avatar_\\d+_[a-z0-9]+\\.png$`);
  await expect(headerAvatar(page).locator("img")).toHaveAttribute("src", avatarPrefix);
  await expect(page.getByTestId("profile-avatar")).toHaveAttribute("src", avatarPrefix);
  // The picture is served to its owner.
  const src = await headerAvatar(page).locator("img").getAttribute("src");
  expect((await page.request.get(src!)).headers()["content-type"]).toBe("image/png");
  expect(loads()).toBe(0);
});

test("Personal Information saves the name, phone and company; the e-mail is read-only", async ({ page }) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await page.goto("/dashboard/profile");
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await page.getByLabel("Full Name").fill("Renamed Person");
  await page.getByLabel("Phone").fill("");
  await page.getByLabel("Phone").pressSequentially("5559876543");
  await expect(page.getByLabel("Phone")).toHaveValue("(555) 987-6543");
  await page.getByLabel("Company Name").fill("Renamed Roofing");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Profile updated successfully");
  await expect(headerAvatar(page)).toHaveText("RP");
  await page.reload();
  await expect(page.getByLabel("Full Name")).toHaveValue("Renamed Person");
  await expect(page.getByLabel("Company Name")).toHaveValue("Renamed Roofing");

  await page.getByLabel("Full Name").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Validation Error", "Please enter your full name");
});

test("a password change checks its rules in order and signs out a second browser of the same customer", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  const second = await (await browser.newContext()).newPage();
  await loginViaForm(second, customer.email, customer.password);
  await expect(second).toHaveURL("/dashboard/progress");

  await page.goto("/dashboard/profile");
  const newPassword = "Brand-N3w-Passw0rd!";
  const fill = async (current: string, next: string, confirm: string) => {
    await page.getByLabel("Current Password").fill(current);
    await page.getByLabel("New Password").fill(next);
    await page.getByLabel("Confirm Password").fill(confirm);
    await page.getByRole("button", { name: "Change Password" }).click();
  };
  await fill("", "abc", "abd");
  await expectToast(page, "Validation Error", "Passwords do not match");
  await fill("", "abc", "abc");
  await expectToast(page, "Validation Error", "Password must be at least 6 characters");
  await fill("", "abcdefgh", "abcdefgh");
  await expectToast(page, "Validation Error", "Password must be at least 12 characters");
  await fill("Wr0ng-Password!!", newPassword, newPassword);
  await expectToast(page, "Error", "Current password is incorrect");

  await fill(customer.password, newPassword, newPassword);
  await expectToast(page, "Password changed successfully");
  await expect(page.getByLabel("New Password")).toHaveValue("");

  // This browser stays signed in; the second one is signed out.
  await page.getByRole("link", { name: "Credentials" }).first().click();
  await expect(page).toHaveURL("/dashboard/credentials");
  // The second one reaches the login page on its next load: a click, or the live stream's reload getting there first.
  await expect(async () => {
    if (new URL(second.url()).pathname !== "/login")
      await second.getByRole("link", { name: "Credentials" }).first().click({ timeout: 2_000 });
    await expect(second).toHaveURL("/login", { timeout: 2_000 });
  }).toPass();
  await loginViaForm(second, customer.email, newPassword);
  await expect(second).toHaveURL("/dashboard/progress");
});

test("the Profile page has no accessibility violations and fits 375 px", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/profile");
  await expect(page.getByRole("heading", { name: "Profile", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  const [scrollWidth, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(viewport);
  // The picture is reached by keyboard.
  await page.getByLabel("Profile picture").focus();
  await expect(page.getByLabel("Profile picture")).toBeFocused();
});
