import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  E2E_ADMIN,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signUpViaApi,
  test,
  type Customer,
} from "./fixtures";
import { payByCard, PROOF_PNG } from "./payments-support";

/** Every context a test opened, closed when it ends: the admin's live streams are limited per account. */
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  opened.push(context);
  return context.newPage();
}

/** A customer who paid the website's first half, in a browser of their own; their id. */
async function paidCustomer(browser: Browser, customer: Customer): Promise<{ page: Page; userId: string }> {
  const page = await newPage(browser);
  await signUpViaApi(page, customer);
  await payByCard(page.request, customer.email, "website", 1);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  return { page, userId: user.id };
}

/** The e2e admin, signed in through the auth endpoint in a context of their own. */
async function adminPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return page;
}

/** A real (tiny) PDF: a hand-over document. */
const HANDOVER_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** The admin's 'Request approval' dialog, filled and sent. */
async function requestApproval(
  admin: Page,
  round: { title: string; message: string; link?: string; image?: boolean; launch?: boolean },
): Promise<void> {
  await admin.getByRole("button", { name: "Request approval" }).click();
  const dialog = admin.getByRole("dialog", { name: "Request approval" });
  if (round.launch) await dialog.getByRole("radio", { name: /^The finished site, for launch/ }).check();
  await dialog.getByLabel("Title").fill(round.title);
  await dialog.getByLabel("Message").fill(round.message);
  if (round.link) await dialog.getByLabel("Link").fill(round.link);
  if (round.image)
    await dialog
      .getByLabel("Files")
      .setInputFiles({ name: "home-draft.png", mimeType: "image/png", buffer: PROOF_PNG });
  await dialog.getByRole("button", { name: "Send for approval" }).click();
  await expectToast(admin, "Sent to the customer for approval");
  await expect(dialog).toHaveCount(0);
}

test("a website draft goes to the customer, comes back with changes, the finished site (v2) is approved for launch and ticks the step; a delivered PDF is the customer's alone", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = newCustomer();
  const { page: customerPage, userId } = await paidCustomer(browser, customer);
  await gotoWithLiveStream(customerPage, "/dashboard/progress");

  const admin = await adminPage(browser);
  await gotoWithLiveStream(admin, `/admin/users/${userId}/website`);
  await expect(admin.getByRole("heading", { name: "Website Development Progress" })).toBeVisible();
  const queue = await adminPage(browser);
  await gotoWithLiveStream(queue, "/admin/dashboard");

  // v1, with a preview link and an image: the customer's open progress page shows it live as their next step.
  await requestApproval(admin, {
    title: "Home page draft",
    message: "Here is the first version of your home page.",
    link: "https://preview.example.com/home",
    image: true,
  });
  const nextStep = customerPage.getByTestId("next-step-website");
  await expect(nextStep.getByText("Waiting for your approval")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(nextStep.getByText("v1: Home page draft")).toBeVisible();
  await nextStep.getByRole("link", { name: "Review and approve" }).click();
  await expect(customerPage).toHaveURL("/dashboard/website");

  const waiting = customerPage.getByTestId("waiting-round");
  await expect(waiting.getByText("Waiting for your approval")).toBeVisible();
  await expect(waiting.getByRole("heading", { name: "v1: Home page draft" })).toBeVisible();
  await expect(waiting.getByText("Here is the first version of your home page.")).toBeVisible();
  const preview = waiting.getByRole("link", { name: /Open the preview/ });
  await expect(preview).toHaveAttribute("href", "https://preview.example.com/home");
  await expect(preview).toHaveAttribute("target", "_blank");
  await expect(waiting.getByRole("img", { name: "home-draft.png (open full size)" })).toBeVisible();

  // 'Request changes' without a comment is refused, in the page and by the server.
  await waiting.getByRole("button", { name: "Request changes" }).click();
  await waiting.getByRole("button", { name: "Send my changes" }).click();
  await expect(waiting.getByRole("alert")).toHaveText("Please tell us what to change");
  await waiting.getByLabel("What should we change?").fill("Please make the logo bigger.");
  await waiting.getByRole("button", { name: "Send my changes" }).click();
  await expectToast(customerPage, "Thank you! We will make the changes.");
  await expect(customerPage.getByTestId("waiting-round")).toHaveCount(0);
  const history = customerPage.getByTestId("review-round");
  await expect(history.filter({ hasText: "v1: Home page draft" })).toContainText("Changes requested");
  await expect(history.filter({ hasText: "v1: Home page draft" })).toContainText("Please make the logo bigger.");

  // The answer reaches the admin's open tab and the work queue, live.
  const adminHistory = admin.getByTestId("review-round").filter({ hasText: "v1: Home page draft" });
  await expect(adminHistory).toContainText("Changes requested", { timeout: LIVE_UPDATE_MS });
  await expect(adminHistory).toContainText("Please make the logo bigger.");
  const changes = queue.getByTestId("queue-changes-requested");
  await expect(changes.getByText(customer.fullName)).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(changes).toContainText("v1: Home page draft");

  // v2, the finished site for launch, reaches the customer's open website page live, saying so; approving it ticks
  // 'Review & Client Approval' on both sides.
  await requestApproval(admin, { title: "Home page, bigger logo", message: "The logo is bigger now.", launch: true });
  await expect(
    customerPage.getByTestId("waiting-round").getByRole("heading", { name: "v2: Home page, bigger logo" }),
  ).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(customerPage.getByTestId("round-purpose")).toHaveText(
    "The finished site, for launch: approving it tells us it is ready to go live, and the website's second payment is then due.",
  );
  await expect(changes.getByText(customer.fullName)).toHaveCount(0, { timeout: LIVE_UPDATE_MS });
  await expect(queue.getByTestId("queue-waiting-approval").getByText(customer.fullName)).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });
  await customerPage.getByTestId("waiting-round").getByRole("button", { name: "Approve" }).click();
  await expectToast(customerPage, "Thank you! You approved it.");
  await expect(history.filter({ hasText: "v2: Home page, bigger logo" })).toContainText("Approved");
  await expect(admin.getByRole("checkbox", { name: "Review & Client Approval" })).toBeChecked({
    timeout: LIVE_UPDATE_MS,
  });
  await expect(admin.getByTestId("review-round").filter({ hasText: "v2: Home page, bigger logo" })).toContainText(
    "Approved",
  );
  await expect(queue.getByTestId("queue-waiting-approval").getByText(customer.fullName)).toHaveCount(0, {
    timeout: LIVE_UPDATE_MS,
  });

  await customerPage.goto("/dashboard/progress");
  const reviewStep = customerPage.getByTestId("progress-step").filter({ hasText: "Review & Client Approval" });
  await expect(reviewStep).toHaveAttribute("data-done", "true");
  // The website approved, the second half is what comes next.
  await expect(
    customerPage.getByTestId("next-step-website").getByRole("button", { name: "Pay Second 50% ($350)" }),
  ).toBeVisible();

  // A delivered PDF: the customer's open page lists it live and downloads it under its name; another customer gets 404.
  await gotoWithLiveStream(customerPage, "/dashboard/website");
  const files = admin.getByTestId("delivered-files");
  await files
    .getByLabel("Add file")
    .setInputFiles({ name: "Website hand-over.pdf", mimeType: "application/pdf", buffer: HANDOVER_PDF });
  await expectToast(admin, "File added");
  await expect(files.getByRole("link", { name: "Website hand-over.pdf" })).toBeVisible();
  const customerFile = customerPage.getByTestId("delivered-files").getByRole("link", { name: "Website hand-over.pdf" });
  await expect(customerFile).toBeVisible({ timeout: LIVE_UPDATE_MS });
  const [download] = await Promise.all([customerPage.waitForEvent("download"), customerFile.click()]);
  expect(download.suggestedFilename()).toBe("Website hand-over.pdf");
  const href = (await customerFile.getAttribute("href"))!;
  const own = await customerPage.request.get(href);
  expect(own.status()).toBe(200);
  expect(own.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(Buffer.from(await own.body()).equals(HANDOVER_PDF)).toBe(true);
  const other = await newPage(browser);
  await signUpViaApi(other, newCustomer());
  expect((await other.request.get(href)).status()).toBe(404);

  // Removing it asks first; then the customer's list empties live.
  await files.getByRole("button", { name: "Remove Website hand-over.pdf" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Remove this file?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expectToast(admin, "File removed");
  await expect(customerPage.getByTestId("delivered-files")).toHaveCount(0, { timeout: LIVE_UPDATE_MS });

  await expectNoAxeViolations(customerPage);
});

test("the Spanish customer decides in Spanish", async ({ browser }) => {
  const customer = newCustomer();
  const page = await newPage(browser, "es-ES");
  await signUpViaApi(page, customer);
  await payByCard(page.request, customer.email, "website", 1);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  const admin = await adminPage(browser);
  await admin.goto(`/admin/users/${user.id}/website`);
  await requestApproval(admin, { title: "Borrador", message: "Primera versión." });

  await page.goto("/dashboard/website");
  const waiting = page.getByTestId("waiting-round");
  await expect(waiting.getByText("Esperando su aprobación")).toBeVisible();
  await waiting.getByRole("button", { name: "Pedir cambios" }).click();
  await waiting.getByRole("button", { name: "Enviar mis cambios" }).click();
  await expect(waiting.getByRole("alert")).toHaveText("Díganos qué debemos cambiar");
  await waiting.getByRole("button", { name: "Cancelar" }).click();
  await waiting.getByRole("button", { name: "Aprobar" }).click();
  await expectToast(page, "¡Gracias! Lo aprobó.");
});
