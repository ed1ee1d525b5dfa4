import AxeBuilder from "@axe-core/playwright";
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { randomUUID } from "node:crypto";
import { generateSync } from "otplib";
import { E2E_ADMIN, E2E_BASE_URL } from "../../playwright.config";
import type { SettingsSection } from "../../app/domain/admin-settings";

export { E2E_ADMIN, E2E_BASE_URL } from "../../playwright.config";

/** Console messages by which Chromium reports a Content-Security-Policy violation. */
const CSP_CONSOLE_MESSAGE = /Content-Security-Policy|Refused to/;
/**
 * How React reports a page whose server-rendered HTML the browser's first render did not match (the production
 * build's minified errors 418-425, the development build's words): the page is then rendered again from scratch.
 */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|[Hh]ydration failed|didn't match the client/;

interface PageProblems {
  cspViolations: string[];
  hydrationErrors: string[];
}

/**
 * Makes `page.goto` and `page.reload` return once the page has hydrated (app/root.tsx marks it), not at its load
 * event: React Router's scripts are still being imported then, and a click or a typed value before hydration went
 * to the bare HTML form (a full page post, no toast, a field emptied by hydration). A page React Router did not
 * render (the pre-rendered landing page, a PDF, a JSON answer) has nothing to wait for.
 */
function waitForHydrationAfterLoads(page: Page): void {
  const hydrated = () =>
    page.waitForFunction(
      () => !("__reactRouterContext" in window) || document.documentElement.dataset.hydrated === "true",
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}

/**
 * Collects what must not happen in the pages of a browser context: CSP violations (console errors and
 * `securitypolicyviolation` events) and React hydration errors (console errors and uncaught page errors).
 */
async function watchPages(context: BrowserContext, problems: PageProblems): Promise<void> {
  const watchPage = (page: Page) => {
    waitForHydrationAfterLoads(page);
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (CSP_CONSOLE_MESSAGE.test(message.text()))
        problems.cspViolations.push(`${page.url()} console: ${message.text()}`);
      if (HYDRATION_ERROR.test(message.text()))
        problems.hydrationErrors.push(`${page.url()} console: ${message.text()}`);
    });
    page.on("pageerror", (error) => {
      if (HYDRATION_ERROR.test(error.message)) problems.hydrationErrors.push(`${page.url()} ${error.message}`);
    });
  };
  context.pages().forEach(watchPage);
  context.on("page", watchPage);
  await context.exposeBinding("__e2eCspViolation", ({ page }, text: string) => {
    problems.cspViolations.push(`${page.url()} securitypolicyviolation: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __e2eCspViolation?: (text: string) => void }).__e2eCspViolation;
      report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/**
 * The `test` every spec uses (playwright.config.ts refuses a spec that imports Playwright's own): a test fails on
 * any Content-Security-Policy violation or React hydration error in its pages, including those of contexts it opens
 * with browser.newContext.
 */
export const test = base.extend<{ failOnPageProblems: void; settingsToRestore: Set<SettingsSection> }>({
  /**
   * The settings sections a spec changes for every page of the shared server: add a section before changing it, and
   * it is put back as a fresh server has it when the test ends, passed or failed, so no later test starts in
   * Maintenance Mode.
   */
  settingsToRestore: [
    async ({ request }, use) => {
      const sections = new Set<SettingsSection>();
      await use(sections);
      if (sections.size === 0) return;
      const response = await request.post("/__test/settings/restore", { data: { sections: [...sections] } });
      expect(response.status(), await response.text()).toBe(200);
    },
    { scope: "test" },
  ],
  failOnPageProblems: [
    async ({ context, browser }, use) => {
      const problems: PageProblems = { cspViolations: [], hydrationErrors: [] };
      await watchPages(context, problems);
      const newContext = browser.newContext;
      browser.newContext = async function (this: Browser, ...args: Parameters<Browser["newContext"]>) {
        const opened = await newContext.apply(this, args);
        await watchPages(opened, problems);
        return opened;
      };
      await use().finally(() => {
        browser.newContext = newContext;
      });
      expect(problems.cspViolations, "Content-Security-Policy violations").toEqual([]);
      expect(problems.hydrationErrors, "React hydration errors").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * How long a spec waits for another person's change to reach an open page without a reload. The product's figure
 * (within a second) is measured by `npm run bench:live`; here a journey shares two cores with another one and
 * three browsers, so the wait only tells "arrived live" from "never arrived".
 */
export const LIVE_UPDATE_MS = 5_000;
/** How long a test waits for a save's toast. */
const TOAST_MS = 20_000;

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
  await signUpWith(page.request, customer);
}

/**
 * A customer signed up in a browser of their own that asks for `locale`. The account keeps the language its sign-up
 * asked for, and a context's locale does not reach its API requests: the sign-up sends the Accept-Language itself.
 */
export async function customerInBrowser(
  browser: Browser,
  customer: Customer,
  locale = "en-US",
): Promise<{ page: Page; userId: string }> {
  const page = await (await browser.newContext({ locale })).newPage();
  await signUpWith(page.request, customer, locale.startsWith("es") ? "es-ES,es;q=0.9" : "en-US,en;q=0.9");
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  return { page, userId: user.id };
}

/**
 * Creates the account from a request context of its own (the `request` fixture), so the browser page stays
 * signed out: for tests where the account must exist but the page must not have its session.
 */
export async function signUpWith(
  request: APIRequestContext,
  customer: Customer,
  acceptLanguage?: string,
): Promise<void> {
  const response = await request.post("/api/auth/sign-up/email", {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
    // As the sign-up page's fetch sends it: once the context holds a session cookie, Better Auth's origin check wants it.
    headers: { origin: E2E_BASE_URL, ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/**
 * Where a spec's customer starts (each part optional): the same states the integration tests' `app.customer(state)`
 * makes, written by the server's test hook through the product's own writers (server/test-customer-state.ts).
 */
export interface CustomerState {
  paid?: ("google_business" | "website")[];
  paidFirstOf?: ("google_business" | "website")[];
  informationSent?: ("google_business" | "website")[];
  progress?: { google_business?: string[]; website?: string[] };
  roundWaiting?: ("google_business" | "website")[];
}

/**
 * A new customer signed up through the auth handler, with the page's context signed in, brought to `state`: the
 * starting point of a spec about what comes next, without typing the sign-up or paying through the interface.
 */
export async function customerIn(
  page: Page,
  state: CustomerState = {},
  overrides: Partial<Customer> = {},
): Promise<Customer & { id: string }> {
  const customer = newCustomer(overrides);
  await signUpWith(page.request, customer);
  const response = await page.request.post("/__test/customers/state", { data: { email: customer.email, state } });
  expect(response.status(), await response.text()).toBe(200);
  const { userId } = (await response.json()) as { userId: string };
  return { ...customer, id: userId };
}

/** A new browser context (with `options`, e.g. a locale) with the e2e admin signed in, on the admin dashboard. */
export async function signedInAdmin(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  // Signed in through the auth handler, whose cookie the context keeps: the admin login form has specs of its own.
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    headers: { origin: E2E_BASE_URL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const page = await context.newPage();
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL("/admin/dashboard");
  return page;
}

/**
 * An admin of its own, signed in, in a new browser context (`options`: a locale, a viewport; English by default):
 * for a spec that changes the admin's language or two-factor, which the shared e2e admin must keep as they are.
 */
export async function freshAdmin(
  browser: Browser,
  options: BrowserContextOptions & { fullName?: string } = {},
): Promise<{ page: Page; person: Customer }> {
  const { fullName, ...contextOptions } = options;
  const person = newCustomer(fullName ? { fullName } : {});
  const context = await browser.newContext({ locale: "en-US", ...contextOptions });
  await signUpWith(context.request, person);
  const promoted = await context.request.post("/__test/admins", { data: { email: person.email } });
  expect(promoted.status()).toBe(201);
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    // The context holds the sign-up's session: Better Auth's origin check then wants the header a browser sends.
    headers: { origin: E2E_BASE_URL },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { page: await context.newPage(), person };
}

/** Switches a signed-in page to Spanish with the language button and waits for the page to read in Spanish. */
export async function toSpanish(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Español" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.waitForLoadState("load");
}

/** A fresh two-factor code for the secret, never one already used (Better Auth refuses a code twice within its window). */
export async function freshCode(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const code = generateSync({ secret });
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
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

/**
 * Fails on any axe violation in the page, or only in the part `only` selects (a dialog, a form). Motion is reduced
 * for the pass, as for a person who asks for it: a toast or a carousel slide measured mid-animation reads as low
 * contrast, so the toasts are checked as they stand once shown, not left out. The page's motion comes back after.
 */
export async function expectNoAxeViolations(page: Page, only?: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const builder = new AxeBuilder({ page });
  const { violations } = await (only ? builder.include(only) : builder).analyze();
  await page.emulateMedia({ reducedMotion: null });
  expect(violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }))).toEqual(
    [],
  );
}

/** Every toast in the page's stack, the ones still animating out included: for checking that a toast has gone. */
export const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/**
 * The newest toast (sonner shows one at a time here): checks its title and, when given, its description.
 * Older toasts can linger in the DOM while they animate out, so the check is made on the front one only.
 * A toast once checked is marked and never counts again: a second save's toast has the same words as the
 * first's, which can still be on screen, and would otherwise pass before the second save was answered.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const front = page
    .locator('[data-sonner-toast][data-front="true"]:not([data-e2e-checked])')
    .filter({ has: page.getByText(title, { exact: true }) });
  // A toast comes with the answer to a save, which the whole suite's load can hold past the usual 10 s.
  await expect(front).toBeVisible({ timeout: TOAST_MS });
  if (description !== undefined) await expect(front.getByText(description, { exact: true })).toBeVisible();
  await page
    .locator("[data-sonner-toast]")
    .filter({ has: page.getByText(title, { exact: true }) })
    .evaluateAll((seen) => {
      for (const toast of seen) toast.setAttribute("data-e2e-checked", "");
    });
}

/**
 * Opens a signed-in page and waits until its live stream (server-sent events) is connected, so a change
 * made afterwards is certain to reach it. The server subscribes the stream before it sends its headers.
 */
export async function gotoWithLiveStream(page: Page, path: string): Promise<void> {
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/events" && response.status() === 200,
  );
  // The page's data came with its document; the stream tells it when anything changed since (decision 025).
  await page.goto(path);
  await streamOpen;
}
