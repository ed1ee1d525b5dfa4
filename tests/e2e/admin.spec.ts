import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN, expectToast, newCustomer, signUpViaApi, signUpWith, test } from "./fixtures";

async function adminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function expectSignedOut(page: Page): Promise<void> {
  const session = await page.request.get("/resources/session");
  expect(await session.json()).toEqual({ user: null });
}

test.describe("the admin guard", () => {
  test("a signed-in customer opening an admin page is denied, signed out and sent to the admin login", async ({ page }) => {
    await signUpViaApi(page, newCustomer());
    await page.goto("/admin/users");
    await expectToast(page, "Access Denied", "You don't have admin privileges");
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
    await page.goto("/dashboard/progress");
    await expect(page).toHaveURL("/login");
  });

  test("a customer's session at the admin login only gets the message", async ({ page }) => {
    await signUpViaApi(page, newCustomer());
    await page.goto("/admin/login");
    await expectToast(page, "Access Denied", "You don't have admin privileges");
    await page.goto("/dashboard/progress");
    await expect(page).toHaveURL("/dashboard/progress");
  });

  test("an anonymous visitor goes to the admin login", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/admin/login");
    await page.goto("/admin/users");
    await expect(page).toHaveURL("/admin/login");
  });
});

test.describe("the admin login form", () => {
  test("a customer's credentials are denied and leave no session", async ({ page, request }) => {
    const customer = newCustomer();
    await signUpWith(request, customer);
    await adminLogin(page, customer.email, customer.password);
    await expectToast(page, "Access Denied", "You don't have admin privileges");
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
  });

  test("empty fields ask for both", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Error", "Please fill in all fields");
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Error", "Please fill in all fields");
    await expect(page).toHaveURL("/admin/login");
  });

  test("a wrong password is refused", async ({ page }) => {
    await adminLogin(page, E2E_ADMIN.email, `${E2E_ADMIN.password}-wrong`);
    await expectToast(page, "Error", "Incorrect email or password");
    await expect(page).toHaveURL("/admin/login");
  });

  test("the admin signs in, sees the dashboard and the sidebar, and logs out", async ({ page }) => {
    await adminLogin(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectToast(page, "Welcome back, Admin");
    await expect(page).toHaveURL("/admin/dashboard");
    for (const card of ["Revenue this month", "Customers waiting", "Jobs in progress"]) {
      await expect(page.getByRole("main").getByText(card, { exact: true })).toBeVisible();
    }

    const sidebar = page.getByRole("navigation", { name: "Admin" });
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/admin/dashboard");
    await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("href", "/admin/users");
    await expect(sidebar.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/admin/settings");
    await expect(sidebar.getByRole("link", { name: "Analytics" })).toHaveAttribute("href", "/admin/analytics");
    await sidebar.getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL("/admin/users");

    // The admin's session is not sent back to the login form.
    await page.goto("/admin/login");
    await expect(page).toHaveURL("/admin/dashboard");

    await sidebar.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/admin/login");
    await expectSignedOut(page);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL("/admin/login");
  });
});
