import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";
import { defaultSiteConfig } from "../../app/lib/config/site-config";

// The landing page in Spanish at /es: pre-rendered like /, linked to / by hreflang, with a switcher
// in the header that works without JavaScript. A Spanish browser that has not chosen a language is sent from `/` to
// `/es`; a choice (the switcher's cookie) is kept.
const site = defaultSiteConfig;
const HERO_EN = "Get found on Google. Get hired for the job.";
const HERO_ES = "Aparezca en Google. Consiga el trabajo.";

async function expectSpanish(page: Page) {
  await expect(page).toHaveURL(/\/es$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_ES);
  await expect(page.getByRole("banner").getByRole("link", { name: "Regístrese" })).toHaveAttribute("href", "/signup");
}

async function expectEnglish(page: Page) {
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_EN);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
}

test.describe("the landing page in Spanish", () => {
  test('/es is in Spanish with lang="es", its dialogs too, and axe finds no violations', async ({ page }) => {
    await page.goto("/es");
    await expectSpanish(page);
    await expect(page).toHaveTitle(
      `Perfil de Google Business y sitios web para negocios de servicios | ${site.agencyName}`,
    );
    await expect(page.getByRole("region", { name: "Oficios que ayudamos" })).toHaveAttribute(
      "data-rotation",
      "running",
    );
    await expect(page.getByRole("article", { name: "Perfil de Google Business" })).toContainText("Un solo pago");
    await expect(page.getByRole("article", { name: "Sitio web profesional" })).toContainText(
      "Dos pagos de $350 (50% cada uno)",
    );
    await expect(page.locator("#contact").getByRole("link", { name: "Comience ahora" })).toHaveAttribute(
      "href",
      "/signup",
    );
    await expectNoAxeViolations(page);

    await page.locator("#industries").getByRole("button", { name: "Techos", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Techos: por qué su negocio necesita presencia en internet" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Consiga más clientes" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Cree su cuenta" })).toHaveAttribute("href", "/signup");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Volver a la página" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a Spanish browser opening / reads /es; once it picks English, / stays English", async ({ browser }) => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto("/");
    await expectSpanish(page);
    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expectEnglish(page);
    await page.goto("/");
    await expectEnglish(page);
    await expect(page.getByRole("button", { name: "Español" })).toHaveAttribute("lang", "es");
    await context.close();
  });

  test("the switcher goes from / to /es and back, keeps the choice for the next pages", async ({ page, context }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Trades we help" })).toHaveAttribute("data-rotation", "running");
    await page.getByRole("banner").getByRole("button", { name: "Español" }).click();
    await expectSpanish(page);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("es");
    // Sign-up follows the choice.
    await page.getByRole("banner").getByRole("link", { name: "Regístrese" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await page.goBack();
    await expectSpanish(page);

    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expectEnglish(page);
    expect((await context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("en");
  });

  for (const width of [375, 1280]) {
    test(`/es has no horizontal scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/es");
      await expect(page.getByRole("region", { name: "Oficios que ayudamos" })).toHaveAttribute(
        "data-rotation",
        "running",
      );
      const [scrollWidth, viewport] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(viewport);
    });
  }

  // The Spanish labels are the longer ones. On a phone a button may take two lines, but it grows to hold them: no
  // button reaches past the screen, and no label spills out of its button (a fixed-height button with a wrapped label).
  test("at 390 px every button and its label fit, in Spanish and in English", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const landing of ["/es", "/"]) {
      await page.goto(landing);
      const overflows = await page.evaluate(() => {
        const found: string[] = [];
        const { scrollWidth } = document.documentElement;
        if (scrollWidth > window.innerWidth) found.push(`the page is ${scrollWidth} px wide`);
        for (const element of document.querySelectorAll<HTMLElement>("a, button")) {
          const box = element.getBoundingClientRect();
          // Not shown, or visually hidden (the skip link, the phone's hidden labels).
          if (box.width <= 1 || box.height <= 1) continue;
          const name = element.textContent!.trim().slice(0, 40);
          if (box.right > window.innerWidth) found.push(`${name}: right edge at ${box.right} px`);
          if (element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight)
            found.push(
              `${name}: label ${element.scrollWidth}x${element.scrollHeight} in ${element.clientWidth}x${element.clientHeight}`,
            );
        }
        return found;
      });
      expect(overflows, landing).toEqual([]);
    }
  });
});

test.describe("the landing switcher without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("goes from / to /es and back", async ({ page }) => {
    await page.goto("/");
    await expectEnglish(page);
    await page.getByRole("banner").getByRole("button", { name: "Español" }).click();
    await expectSpanish(page);
    await expect(page.locator("#testimonials")).toContainText("Antes vivíamos de recomendaciones.");
    await page.getByRole("banner").getByRole("button", { name: "English" }).click();
    await expectEnglish(page);
  });
});

test.describe("served HTML of /es", () => {
  test("is the pre-rendered file, with its canonical URL, hreflang links both ways and its own CSP hashes", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/es");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/es"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${baseURL}/"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="es" href="${baseURL}/es"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${baseURL}/"/>`);
    expect(html).toContain(`<meta property="og:locale" content="es_US"/>`);
    expect(html).toMatch(/<meta name="description" content="Aparezca en Google: [^"]*\$250/);
    expect(html).toMatch(/<meta property="og:description" content="Aparezca en Google/);
    expect(html).toContain(HERO_ES);

    // It is build/client/es/index.html with this server's origin.
    const built = readFileSync(path.resolve("build/client/es/index.html"), "utf8");
    const builtOrigin = /<link rel="canonical" href="([^"]+)\/es"/.exec(built)![1]!;
    const body = (document: string) => document.slice(document.indexOf("<body"));
    expect(body(html)).toBe(body(built).replaceAll(builtOrigin, baseURL!));
    expect(response.headers()["etag"]).toBeTruthy();

    // Its CSP allows exactly its own inline scripts, by hash: it runs no React, so it has none of React Router's
    // and allows scripts from this origin only.
    const policy = response.headers()["content-security-policy"]!;
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/\bsrc=|type="application\/ld\+json"/.test(attributes!))
      .map(([, , text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
    const scriptSources = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scriptSources.split(" ").sort()).toEqual(["'self'", ...inline].sort());
    expect(policy).not.toContain("nonce-");

    // The English page links back.
    const english = await (await request.get("/")).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(`<link rel="alternate" hrefLang="es" href="${baseURL}/es"/>`);
    expect(english).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
  });

  test("its client data file is served, and the sitemap lists both pages", async ({ request, baseURL }) => {
    const data = await request.get("/es.data");
    expect(data.status()).toBe(200);
    expect(await data.text()).toContain(HERO_ES);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/es</loc>`);
    expect(sitemap).toContain(`hreflang="es" href="${baseURL}/es"`);
  });
});
