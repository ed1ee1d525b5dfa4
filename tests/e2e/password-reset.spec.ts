import { expect } from "@playwright/test";
import { expectToast, loginViaForm, newCustomer, signUpWith, test } from "./fixtures";
import { mailsTo } from "./outbox";

async function resetLinkFor(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const match = /(http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(
          mailsTo(email)
            .map((mail) => mail.body)
            .at(-1) ?? "",
        );
        link = match?.[1] ?? "";
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

test.describe("password reset", () => {
  test("a customer resets a forgotten password from the e-mailed link; the old password stops working and the link works once", async ({
    page,
    request,
  }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    const answer = page.getByRole("status").filter({ hasText: "If an account exists for that email" });
    await expect(answer).toBeVisible();

    const link = await resetLinkFor(customer.email);
    await page.goto(link);
    const newPassword = "Brand-N3w!Password";
    await page.getByLabel("New Password").fill("short");
    await page.getByLabel("Confirm Password").fill("short");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Error", "Password must be at least 12 characters");
    await page.getByLabel("New Password").fill(newPassword);
    await page.getByLabel("Confirm Password").fill(newPassword);
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expectToast(page, "Password updated. Please log in with your new password.");
    await expect(page).toHaveURL("/login");

    await loginViaForm(page, customer.email, customer.password);
    await expectToast(page, "Error", "Incorrect email or password");
    await loginViaForm(page, customer.email, newPassword);
    await expect(page).toHaveURL("/dashboard/progress");

    // The link works once.
    const other = await page.context().browser()!.newContext();
    const second = await other.newPage();
    await second.goto(link);
    await second.getByLabel("New Password").fill("Another-N3w!Password");
    await second.getByLabel("Confirm Password").fill("Another-N3w!Password");
    await second.getByRole("button", { name: "Reset Password" }).click();
    await expect(
      second.getByText("This reset link is invalid or has expired. Please ask for a new one."),
    ).toBeVisible();
    await other.close();
  });

  test("an unknown address gets the same answer, and no e-mail is written", async ({ page }) => {
    const unknown = newCustomer().email;
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(unknown);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(
      page.getByRole("status").filter({
        hasText:
          "If an account exists for that email, we have sent a link to reset its password. The link works once and expires in one hour.",
      }),
    ).toBeVisible();
    await page.waitForTimeout(2_500);
    expect(mailsTo(unknown)).toHaveLength(0);
  });
});
