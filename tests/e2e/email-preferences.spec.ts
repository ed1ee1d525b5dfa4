import { expect } from "@playwright/test";
import { expectNoAxeViolations, expectToast, newCustomer, signUpViaApi, test } from "./fixtures";

test("a customer turns e-mail updates off on the Profile page, by keyboard, at 375 px; the choice is kept", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpViaApi(page, newCustomer());
  await page.goto("/dashboard/profile");
  const box = page.getByLabel(
    "Send me an e-mail when a payment is approved or rejected and when a step of my project is completed",
  );
  await expect(box).toBeChecked();
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).not.toBeChecked();
  await page.getByRole("button", { name: "Save Preferences" }).press("Enter");
  await expectToast(page, "Email preferences saved");
  await page.reload();
  await expect(box).not.toBeChecked();
  // Saved in the same form, the reminders stay on.
  await expect(page.getByLabel("Reminders", { exact: true })).toBeChecked();
  await expectNoAxeViolations(page, "form#email-preferences");
});
