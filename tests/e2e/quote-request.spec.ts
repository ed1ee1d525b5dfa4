import { expect, type BrowserContext, type Page } from "@playwright/test";
import { gotoWithLiveStream, LIVE_UPDATE_MS, signedInAdmin, test } from "./fixtures";

// The free quote form on the landing page: a visitor sends it without JavaScript (a plain POST answered by pages) and
// with it (checked inline, sent in place), in English and Spanish, at a phone's width and a desktop's. The spam rules,
// the dedupe and the notices are the integration tests'.

const SHOTS = "test-results/quote-request";

/**
 * The form refuses what is sent within two seconds of its page; a spec types faster than a person, so it ages its
 * visit cookie through the test hook (the visit's source kept) instead of waiting.
 */
async function ageVisit(context: BrowserContext) {
  const visit = (await context.cookies()).find((cookie) => cookie.name === "quote_visit");
  expect(visit, "the landing page set its visit cookie").toBeDefined();
  const response = await context.request.post("/__test/quote-visit/aged", { data: { value: visit!.value } });
  expect(response.status()).toBe(200);
  await context.addCookies([{ ...visit!, value: ((await response.json()) as { value: string }).value }]);
}

async function leadsOf(page: Page, email: string) {
  const response = await page.request.post("/__test/leads/by-email", { data: { email } });
  return ((await response.json()) as { leads: Record<string, unknown>[] }).leads;
}

const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

test("without JavaScript, the form is a plain POST: a refusal comes back with the values kept, then the thank-you; the admin's open Leads page shows the lead", async ({
  browser,
}) => {
  const admin = await signedInAdmin(browser);
  await gotoWithLiveStream(admin, "/admin/leads");
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/?utm_source=google&utm_medium=cpc&utm_campaign=roofers", { referer: "https://www.google.com/" });
  await page.getByRole("link", { name: "Get a free quote" }).click();
  const form = page.getByRole("form", { name: "Get a free quote" });
  const email = uniqueEmail("nojs");
  await form.getByRole("textbox", { name: "Your name" }).fill("Luis Ramirez");
  await form.getByRole("textbox", { name: "Business name" }).fill("Ramirez Roofing");
  await form.getByRole("textbox", { name: "E-mail" }).fill(email);
  await form.getByRole("combobox", { name: "Your trade" }).selectOption("roofing");
  await form.getByRole("radio", { name: "Website", exact: true }).check();
  await form.getByRole("textbox", { name: "City" }).fill("Phoenix");
  await form.getByRole("combobox", { name: "State" }).selectOption("AZ");
  await form.getByRole("textbox", { name: "Message" }).fill("A new website for my roofing business");
  await page.screenshot({ path: `${SHOTS}/en-390-form.png`, fullPage: false });
  await ageVisit(context);
  // The consent box left empty: the server's refusal, on the form, every value kept.
  await form.getByRole("button", { name: "Send my request" }).click();
  await expect(page).toHaveURL(/\/quote$/);
  const again = page.getByRole("form", { name: "Get a free quote" });
  await expect(again.getByText("Please agree to be contacted about your request")).toBeVisible();
  await expect(again.getByRole("textbox", { name: "Your name" })).toHaveValue("Luis Ramirez");
  await expect(again.getByRole("textbox", { name: "E-mail" })).toHaveValue(email);
  await expect(again.getByRole("combobox", { name: "Your trade" })).toHaveValue("roofing");
  await expect(again.getByRole("combobox", { name: "State" })).toHaveValue("AZ");
  await expect(again.getByRole("textbox", { name: "Message" })).toHaveValue("A new website for my roofing business");
  await page.screenshot({ path: `${SHOTS}/en-390-refused.png`, fullPage: true });
  await again.getByRole("checkbox", { name: /I agree to be contacted/ }).check();
  await again.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you! We got your request." })).toBeVisible();
  await expect(page.getByRole("link", { name: "(555) 201-7788" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/en-390-thanks.png`, fullPage: true });
  const row = admin.getByTestId("lead-row").filter({ hasText: email });
  await expect(row).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(row).toContainText("Luis Ramirez");
  await expect(row).toContainText("Ramirez Roofing");
  await expect(row).toHaveAttribute("data-stage", "new");

  const [lead] = await leadsOf(page, email);
  expect(lead).toMatchObject({
    name: "Luis Ramirez",
    industry: "roofing",
    wants: "website",
    state: "AZ",
    language: "en",
    contactPreference: "email",
    source: { utmSource: "google", utmMedium: "cpc", utmCampaign: "roofers", referrer: "www.google.com" },
  });
  await context.close();
  await admin.context().close();
});

test("with JavaScript, in Spanish: a dialog's button fills the trade in, the form is checked inline and sent in place", async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/es");
  await page.getByRole("button", { name: "Plomería", exact: true }).click();
  await page.getByRole("dialog").getByRole("link", { name: "Pida una cotización gratis" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const form = page.getByRole("form", { name: "Pida una cotización gratis" });
  await expect(form.getByRole("combobox", { name: "Su oficio" })).toHaveValue("plumbing");
  await expect(form.getByRole("textbox", { name: "Su nombre" })).toBeFocused();

  await form.getByRole("textbox", { name: "Su nombre" }).fill("Tasha Williams");
  await form.getByRole("textbox", { name: "Teléfono" }).pressSequentially("4045550123");
  await expect(form.getByRole("textbox", { name: "Teléfono" })).toHaveValue("(404) 555-0123");
  await form.getByRole("textbox", { name: "Correo electrónico" }).fill("tasha@");
  await form.getByRole("textbox", { name: "Correo electrónico" }).blur();
  await expect(form.getByText("Escriba un correo electrónico válido")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Correo electrónico" })).toHaveAttribute("aria-invalid", "true");
  const email = uniqueEmail("js");
  await form.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
  await expect(form.getByText("Escriba un correo electrónico válido")).toHaveCount(0);
  await form.getByRole("radio", { name: "Mensaje de texto" }).check();
  await form.getByRole("button", { name: "Enviar mi solicitud" }).click();
  await expect(form.getByText("Acepte que lo contactemos sobre su solicitud")).toBeVisible();
  await page
    .getByRole("region", { name: "Pida una cotización gratis" })
    .screenshot({ path: `${SHOTS}/es-1280-inline.png` });
  await form.getByRole("checkbox", { name: /Acepto que me contacten/ }).check();
  await ageVisit(context);
  await form.getByRole("button", { name: "Enviar mi solicitud" }).click();

  const thanks = page.getByRole("heading", { name: "¡Gracias! Recibimos su solicitud." });
  await expect(thanks).toBeVisible();
  await expect(page).toHaveURL(/\/es$/);
  await page
    .getByRole("region", { name: "¡Gracias! Recibimos su solicitud." })
    .screenshot({ path: `${SHOTS}/es-1280-thanks.png` });
  const [lead] = await leadsOf(page, email);
  expect(lead).toMatchObject({
    name: "Tasha Williams",
    phone: "4045550123",
    industry: "plumbing",
    contactPreference: "text",
    language: "es",
  });

  // The form at a phone's width, in Spanish.
  await page.setViewportSize({ width: 390, height: 844 });
  // A fresh page: going to /es#quote from /es would only move to the anchor, the thank-you still in place.
  await page.goto("/es#quote");
  await page.reload();
  await expect(page.getByRole("form", { name: "Pida una cotización gratis" })).toBeVisible();
  await page.locator("header").screenshot({ path: `${SHOTS}/es-390-header.png` });
  await page.locator("#quote").screenshot({ path: `${SHOTS}/es-390-form.png` });
});
