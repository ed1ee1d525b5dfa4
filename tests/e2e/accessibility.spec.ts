import { expect } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";

for (const path of [
  "/signup",
  "/login",
  "/admin/login",
  "/privacy",
  "/terms",
  "/refunds",
  "/es/privacy",
  "/es/terms",
  "/es/refunds",
]) {
  test(`${path} has no accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
