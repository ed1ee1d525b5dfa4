import { expect, type Page } from "@playwright/test";
import { defaultSiteConfig } from "../../app/lib/config/site-config";
import { expectNoAxeViolations, expectToast, freshAdmin, test } from "./fixtures";

// The Privacy Policy, Terms of Service and Refund Policy: linked from the landing page's footer and the sign-up form,
// in English and Spanish, their texts edited in the admin settings' Legal tab. One admin's save changes every
// visitor's page, so the tests run in order: the standard texts first, the admin's own last (it puts them back).
test.describe.configure({ mode: "serial" });
// Several pages and browsers a test: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const site = defaultSiteConfig;

/** The text of the page's paragraphs, as the browser lays them out (line breaks included). */
const paragraphs = (page: Page) =>
  page
    .getByRole("main")
    .locator("h1 + div > p")
    .evaluateAll((ps) => ps.map((p) => (p as HTMLElement).innerText));

test("the landing footer links to the three pages in its language; each names the agency and states the prices and payments", async ({
  page,
}) => {
  // Axe runs on each of these pages in accessibility.spec.ts.
  await page.goto("/");
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
  await expect(legal.getByRole("link")).toHaveText(["Privacy Policy", "Terms of Service", "Refund Policy"]);
  await legal.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page).toHaveURL("/terms");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveTitle(`Terms of Service | ${site.agencyName}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  const main = page.getByRole("main");
  await expect(main).toContainText(site.agencyName);
  await expect(main).toContainText("$250");
  await expect(main).toContainText("$700 in total, paid in two payments of $350 (50% each)");
  await expect(main).toContainText("an administrator reviews it");
  await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy");
  await expect(page.getByRole("main")).toContainText("They are stored encrypted");
  await page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Refund Policy" }).click();
  await expect(page.getByRole("main")).toContainText(`write to ${site.email}`);

  await page.goto("/es");
  const legalEs = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
  await expect(legalEs.getByRole("link")).toHaveText([
    "Política de privacidad",
    "Términos del servicio",
    "Política de reembolsos",
  ]);
  await legalEs.getByRole("link", { name: "Política de reembolsos" }).click();
  await expect(page).toHaveURL("/es/refunds");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de reembolsos");
  await expect(page.getByRole("main")).toContainText(`escriba a ${site.email}`);
  // The switcher goes to the same page in the other language; the logo to the landing page in this one.
  await page.getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL("/refunds");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refund Policy");
  await page.goto("/es/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
  await expect(page.getByRole("main")).toContainText("Se guardan cifradas");
  await page.getByRole("link", { name: `Inicio de ${site.agencyName}` }).click();
  await expect(page).toHaveURL("/es");
});

test("sign-up says that creating an account agrees to the Terms and the Privacy Policy, whose links open the pages in a new tab", async ({
  page,
  browser,
}) => {
  await page.goto("/signup");
  const agreement = page.getByText("By creating an account you agree to the Terms and the Privacy Policy");
  await expect(agreement).toBeVisible();
  // Under the button, in the form: no check box was added.
  const underTheButton = await agreement.evaluate((line) => {
    const button = line.closest("form")?.querySelector('button[type="submit"]');
    return Boolean(button && button.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(underTheButton).toBe(true);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  const terms = agreement.getByRole("link", { name: "Terms" });
  await expect(terms).toHaveAccessibleDescription("Opens in a new tab");
  const [termsTab] = await Promise.all([page.waitForEvent("popup"), terms.click()]);
  await expect(termsTab).toHaveURL(/\/terms$/);
  await expect(termsTab.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  const [privacyTab] = await Promise.all([
    page.waitForEvent("popup"),
    agreement.getByRole("link", { name: "Privacy Policy" }).click(),
  ]);
  await expect(privacyTab.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");

  const spanish = await (await browser.newContext({ locale: "es-ES" })).newPage();
  await spanish.goto("/signup");
  const acuerdo = spanish.getByText("Al crear una cuenta acepta los Términos y la Política de privacidad");
  await expect(acuerdo).toBeVisible();
  await expect(acuerdo.getByRole("link", { name: "Términos" })).toHaveAttribute("href", "/es/terms");
  await expect(acuerdo.getByRole("link", { name: "Términos" })).toHaveAccessibleDescription(
    "Se abre en una pestaña nueva",
  );
  const [privacidad] = await Promise.all([
    spanish.waitForEvent("popup"),
    acuerdo.getByRole("link", { name: "Política de privacidad" }).click(),
  ]);
  await expect(privacidad).toHaveURL(/\/es\/privacy$/);
  await expect(privacidad.getByRole("heading", { level: 1 })).toHaveText("Política de privacidad");
  await expectNoAxeViolations(spanish);
  await spanish.context().close();
});

test("the pages are rendered on the server, complete without JavaScript, load less script than sign-up and fit a phone", async ({
  page,
  request,
  browser,
}) => {
  const html = await (await request.get("/es/terms")).text();
  expect(html).toContain('<html lang="es"');
  expect(html).toContain(">Términos del servicio</h1>");
  expect(html).toContain("$700 en total");
  // The texts are loader data, like the landing page's copy: no catalog script.
  expect(html).not.toContain("/resources/catalog/");

  // The script a page loads (decoded bytes of its .js resources), once the network is quiet.
  const scriptBytes = async (path: string) => {
    await page.goto(path, { waitUntil: "networkidle" });
    return page.evaluate(() =>
      (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .reduce((sum, entry) => sum + entry.decodedBodySize, 0),
    );
  };
  // Less than sign-up, the lightest page a visitor opens after the landing page (no form code, no toasts here).
  const signUp = await scriptBytes("/signup");
  const legal = await scriptBytes("/privacy");
  expect(legal).toBeGreaterThan(0);
  expect(legal).toBeLessThan(signUp);

  const noScript = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await noScript.goto("/refunds");
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Refund Policy");
  await noScript.getByRole("button", { name: "Español" }).click();
  await expect(noScript).toHaveURL("/es/refunds");
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("Política de reembolsos");
  await noScript.context().close();

  for (const path of ["/privacy", "/es/terms"]) {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(path);
    const [scrollWidth, viewport] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(viewport);
  }
});

test("an admin writes each page's text per language in the Legal tab: checked, saved with a toast, each shown on its own language's page; the standard text comes back", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = (await freshAdmin(browser, { locale: "en-US" })).page;
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Legal" }).click();
  const privacy = admin.getByRole("textbox", { name: "Privacy Policy (English)" });
  const terms = admin.getByRole("textbox", { name: "Terms of Service (English)" });
  await expect(privacy).toHaveValue(new RegExp(`^${site.agencyName} sets up Google Business Profiles`));
  await expect(admin.getByRole("textbox", { name: "Privacy Policy (Spanish)" })).toHaveValue(
    new RegExp(`^${site.agencyName} configura perfiles de Google Business`),
  );
  await expect(admin.getByRole("link", { name: "View page (opens in a new tab)" }).nth(1)).toHaveAttribute(
    "href",
    "/es/privacy",
  );
  await expectNoAxeViolations(admin);

  await terms.fill("  ");
  await admin.getByRole("button", { name: "Save Legal Pages" }).click();
  await expectToast(admin, "Validation Error", "Terms of Service text is required (at most 20,000 characters)");
  await expect(terms).toHaveAttribute("aria-invalid", "true");
  await expect(terms).toHaveAccessibleDescription(/Terms of Service text is required/);

  const typed =
    "Our <b>own</b> policy & terms,\nwritten by hand.\n\n\n<script>document.title='injected'</script> Second paragraph.";
  await privacy.fill(typed);
  // The buttons go page by page, English then Spanish: the English terms' is the third.
  await admin.getByRole("button", { name: "Use the standard text" }).nth(2).click();
  await expect(terms).toHaveValue(/^These terms apply/);
  await admin.getByRole("button", { name: "Save Legal Pages" }).click();
  await expectToast(admin, "Legal pages updated", "The legal pages' texts have been saved");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/privacy");
  expect(await paragraphs(visitor)).toEqual([
    "Our <b>own</b> policy & terms,\nwritten by hand.",
    "<script>document.title='injected'</script> Second paragraph.",
  ]);
  await expect(visitor.getByRole("main").locator("b, main script")).toHaveCount(0);
  await expect(visitor).not.toHaveTitle("injected");
  // The Spanish page keeps its own standard text: the English edit does not reach it.
  await visitor.goto("/es/privacy");
  await expect(visitor.getByRole("main")).toContainText(`${site.agencyName} configura perfiles de Google Business`);
  await visitor.goto("/es/terms");
  await expect(visitor.getByRole("main")).toContainText("Estos términos se aplican");

  // A Spanish admin sees the tab in Spanish, the message and the toast too, writes the Spanish text, and puts the
  // standard English one back.
  const adminEs = (await freshAdmin(browser, { locale: "es-ES" })).page;
  await adminEs.goto("/admin/settings");
  await adminEs.getByRole("tab", { name: "Legal" }).click();
  await expect(adminEs.getByRole("textbox", { name: "Política de privacidad (inglés)" })).toHaveValue(typed);
  const privacidad = adminEs.getByRole("textbox", { name: "Política de privacidad (español)" });
  await privacidad.fill("");
  await adminEs.getByRole("button", { name: "Guardar páginas legales" }).click();
  await expectToast(
    adminEs,
    "Error de validación",
    "El texto en español de la política de privacidad es obligatorio (como máximo 20,000 caracteres)",
  );
  await privacidad.fill("Nuestra política, escrita a mano.");
  await adminEs.getByRole("button", { name: "Usar el texto estándar" }).first().click();
  await adminEs.getByRole("button", { name: "Guardar páginas legales" }).click();
  await expectToast(adminEs, "Páginas legales actualizadas", "Los textos de las páginas legales se han guardado");
  await visitor.goto("/es/privacy");
  expect(await paragraphs(visitor)).toEqual(["Nuestra política, escrita a mano."]);
  await visitor.goto("/privacy");
  await expect(visitor.getByRole("main")).toContainText(`${site.agencyName} sets up Google Business Profiles`);
  // The Spanish standard text back too, for the pages after this test.
  await adminEs.getByRole("button", { name: "Usar el texto estándar" }).nth(1).click();
  await adminEs.getByRole("button", { name: "Guardar páginas legales" }).click();
  await expectToast(adminEs, "Páginas legales actualizadas", "Los textos de las páginas legales se han guardado");
  await visitor.goto("/es/privacy");
  await expect(visitor.getByRole("main")).toContainText(`${site.agencyName} configura perfiles de Google Business`);
  await visitor.context().close();
});
