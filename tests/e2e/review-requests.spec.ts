import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import {
  E2E_BASE_URL,
  expectToast,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
} from "./fixtures";
import { mailsTo } from "./outbox";
import { payByCard } from "./payments-support";

/**
 * The Review Link is a setting every customer's finished job reads, so this spec runs in the "server-wide" project,
 * alone, and leaves the setting empty again.
 */
const REVIEW_LINK = "https://g.page/r/e2e-agency/review";

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((context) => context.close()));
});

async function newPage(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
  opened.push(context);
  return context.newPage();
}

async function saveReviewLink(admin: Page, link: string): Promise<void> {
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "General" }).click();
  await admin.getByLabel("Review Link").fill(link);
  await admin.getByRole("button", { name: "Save General Settings" }).click();
  await expectToast(admin, "Settings saved", "General settings have been updated successfully");
}

/** A customer whose website's first half is paid, on their progress page with its live stream open; their id. */
async function customerOnProgress(
  browser: Browser,
  email: string,
  locale: string,
): Promise<{ page: Page; userId: string }> {
  const page = await newPage(browser, locale);
  await signUpViaApi(page, newCustomer({ email }));
  // The account's language, chosen as the switcher does: the e-mail is written in it.
  const language = await page.request.post("/resources/language", {
    form: { language: locale.slice(0, 2), redirectTo: "/dashboard/progress" },
    headers: { origin: E2E_BASE_URL },
    maxRedirects: 0,
  });
  expect(language.status()).toBe(302);
  await payByCard(page.request, email, "website", 1);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/progress");
  return { page, userId: user.id };
}

/** The admin ticks 'Website Launch' alone (the earlier steps stay as they are). */
async function tickWebsiteLaunch(admin: Page, userId: string): Promise<void> {
  await admin.goto(`/admin/users/${userId}/website`);
  await admin.getByRole("checkbox", { name: "Website Launch" }).click();
  await admin
    .getByRole("dialog", { name: "Mark the earlier steps done too?" })
    .getByRole("button", { name: "Only this step" })
    .click();
  await expectToast(admin, "Progress updated");
}

test("with a Review Link set, finishing the website asks the customer for a review: the card (live), the bell and the e-mail, in their language", async ({
  browser,
  settingsToRestore,
}) => {
  settingsToRestore.add("general");
  test.setTimeout(180_000);
  const admin = await signedInAdmin(browser);
  opened.push(admin.context());
  // A wrong link is refused in the field; an empty one is allowed (no request is sent then).
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "General" }).click();
  await admin.getByLabel("Review Link").fill("http://g.page/not-secure");
  await admin.getByRole("button", { name: "Save General Settings" }).click();
  await expect(admin.locator("#general-settings-reviewLink-error")).toHaveText(
    "The review link must be a whole address starting with https://",
  );
  await expect(admin.getByLabel("Review Link")).toHaveAttribute("aria-invalid", "true");
  await saveReviewLink(admin, REVIEW_LINK);

  try {
    const english = `review-en-${Date.now()}@example.com`;
    const { page: customer, userId } = await customerOnProgress(browser, english, "en-US");
    await tickWebsiteLaunch(admin, userId);

    const card = customer.getByRole("region", { name: "Leave us a review" });
    await expect(card).toBeVisible({ timeout: LIVE_UPDATE_MS });
    await expect(card).toContainText(
      "Your Website is finished. Would you leave us a review? It helps other customers find us.",
    );
    const link = card.getByRole("link", { name: /Leave us a review/ });
    await expect(link).toHaveAttribute("href", REVIEW_LINK);
    await expect(link).toHaveAttribute("target", "_blank");
    await customer.getByRole("button", { name: /^Notifications/ }).click();
    await expect(customer.getByText("How did we do?", { exact: true })).toBeVisible();
    await customer.keyboard.press("Escape");
    await expect
      .poll(() => mailsTo(english).filter((mail) => mail.subject === "How did we do?").length, { timeout: 15_000 })
      .toBe(1);
    expect(mailsTo(english).find((mail) => mail.subject === "How did we do?")!.body).toContain(
      `Leave us a review here: ${REVIEW_LINK}`,
    );

    // Dismissed, the card is gone and stays gone; ticking the step again asks nobody twice.
    await card.getByRole("button", { name: "Dismiss" }).click();
    await expect(card).toHaveCount(0);
    await customer.reload();
    await expect(customer.getByRole("heading", { level: 1, name: "Construction Progress" })).toBeVisible();
    await expect(customer.getByRole("region", { name: "Leave us a review" })).toHaveCount(0);

    // In Spanish, the same ask in Spanish.
    const spanish = `review-es-${Date.now()}@example.com`;
    const { page: cliente, userId: clienteId } = await customerOnProgress(browser, spanish, "es-ES");
    await tickWebsiteLaunch(admin, clienteId);
    const tarjeta = cliente.getByRole("region", { name: "Déjenos una reseña" });
    await expect(tarjeta).toBeVisible({ timeout: LIVE_UPDATE_MS });
    await expect(tarjeta).toContainText("Su Sitio web está terminado.");
    await expect
      .poll(() => mailsTo(spanish).filter((mail) => mail.subject === "¿Qué tal lo hicimos?").length, {
        timeout: 15_000,
      })
      .toBe(1);
    expect(mailsTo(spanish).find((mail) => mail.subject === "¿Qué tal lo hicimos?")!.body).toContain(
      `Déjenos una reseña aquí: ${REVIEW_LINK}`,
    );
    // Following the link ends the card too.
    const [tab] = await Promise.all([
      cliente.context().waitForEvent("page"),
      tarjeta.getByRole("link", { name: /Déjenos una reseña/ }).click(),
    ]);
    await tab.close();
    await expect(tarjeta).toHaveCount(0);
  } finally {
    await saveReviewLink(admin, "");
  }
});
