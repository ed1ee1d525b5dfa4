import { expect } from "@playwright/test";
import { expectToast, loginViaForm, newCustomer, signUpViaApi, signUpWith, test } from "./fixtures";

test.describe("the login form", () => {
  test("a wrong password is refused", async ({ page, request }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    await loginViaForm(page, customer.email, `${customer.password}-wrong`);
    await expectToast(page, "Error", "Incorrect email or password");
    await expect(page).toHaveURL("/login");
  });

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
    await expectToast(page, "Error", "Too many failed sign-ins: this account is locked for 15 minutes. Please try again later.");
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
