import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";

export { E2E_ADMIN, E2E_BASE_URL } from "../../playwright.config";

export const STRONG_PASSWORD = "Str0ng-Password!";

export interface Customer {
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  password: string;
}

export function newCustomer(overrides: Partial<Customer> = {}): Customer {
  const id = randomUUID().slice(0, 8);
  return {
    fullName: `Casey ${id}`,
    email: `casey-${id}@e2e.test`,
    phone: "(555) 123-4567",
    companyName: `Casey Cleaning ${id}`,
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** Creates the account through the auth handler (as the sign-up form does) and leaves the page signed in. */
export async function signUpViaApi(page: Page, customer: Customer): Promise<void> {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function loginViaForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Writes a notification for a user through the test-only hook (the product's writers arrive later). */
export async function sendNotification(
  request: APIRequestContext,
  email: string,
  notification: { title: string; message: string; type?: string },
): Promise<void> {
  const response = await request.post("/__test/notifications", {
    data: { email, type: notification.type ?? "payment", title: notification.title, message: notification.message },
  });
  expect(response.status(), await response.text()).toBe(201);
}
