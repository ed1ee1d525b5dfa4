import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, test } from "./fixtures";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { defaultSiteConfig } from "../../app/lib/config/site-config";

// The e2e server sets no SITE_* overrides, so the page shows the defaults of app/lib/config/site-config.ts.
const site = defaultSiteConfig;
const HERO_TITLE = "Get found on Google. Get hired for the job.";
const INDUSTRIES = ["Cleaning", "Painting", "Plumbing", "Roofing", "Pressure Washing", "Construction", "Electrician"];
const BENEFITS = ["Google Business Profile", "Professional Website", "Get More Clients", "Charge Premium Rates"];
const TESTIMONIALS = [
  { name: "Maria Gonzalez", business: "Sparkle & Shine Cleaning" },
  { name: "Derek Thompson", business: "Thompson Pro Painting" },
  { name: "Tasha Williams", business: "Williams Plumbing & Drain" },
  { name: "Luis Ramirez", business: "Ramirez Roofing" },
  { name: "Kevin O\u2019Brien", business: "Bright Spark Electric" },
];
const START = new Date("2026-03-02T15:00:00Z");
/** Stopped a moment after START: stopping at a time the running clock already passed would fail. */
const STOPPED_AT = new Date(START.getTime() + 1000);

const hero = (page: Page) => page.getByRole("region", { name: "Trades we help" });
const testimonials = (page: Page) => page.getByRole("region", { name: "Customer testimonials" });
const currentSlide = (carousel: Locator) => carousel.locator('[aria-roledescription="slide"][aria-current="true"]');

/** The landing page on a stopped clock: timers fire only when a test moves time on. */
async function openWithClock(page: Page) {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(STOPPED_AT);
  await page.goto("/");
  // The page's script ran: the carousels' timers are armed.
  await expect(hero(page)).toHaveAttribute("data-rotation", "running");
}

/** Puts the pointer on the fixed header, off the carousels, so hovering does not hold them. */
async function pointerAway(page: Page) {
  await page.mouse.move(4, 4);
}

test.describe("landing page", () => {
  test("has the fixed header with the logo, Sign Up and Login", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header.getByRole("link", { name: `${site.agencyName} home` })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
    await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");

    // The landing page runs no React: its links load the localized pages, which show their texts, not message ids.
    await header.getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL("/signup");
    await expect(page.getByText("Create your account")).toBeVisible();
    await page.goBack();
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    // Back to the landing page by a client-side navigation (its data comes from the pre-rendered _root.data).
    await page.getByRole("link", { name: `${site.agencyName} home` }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
  });

  test("shows the sections in page order, with the home and contact anchors", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-rotation", "running");
    const ids = await page.locator("main > section[id]").evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual([
      "home",
      "services",
      "industries",
      "why-google",
      "why-website",
      "testimonials",
      "coverage",
      "contact",
    ]);
    await expect(page.locator("#contact #quote")).toHaveCount(1);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.locator("#home").getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);

    await page.goto("/#contact");
    await expect(page.locator("#contact")).toBeInViewport();
    await expect(page.locator("#contact").getByRole("heading", { name: "Ready to get more calls?" })).toBeInViewport();
    // The page's script found the pre-rendered markup it works on: no error.
    expect(problems).toEqual([]);
  });

  test("sells both services with their prices, terms and delivery times", async ({ page }) => {
    await page.goto("/");
    const google = page.getByRole("article", { name: "Google Business Profile" });
    await expect(google).toContainText("$250");
    await expect(google).toContainText("One payment");
    await expect(google).toContainText("Ready in 1 week");
    const website = page.getByRole("article", { name: "Professional Website" });
    await expect(website).toContainText("$700");
    await expect(website).toContainText("Two payments of $350 (50% each)");
    await expect(website).toContainText("Ready in 3 weeks from your 50% deposit");
    await expect(website).toContainText("You provide the domain and hosting");
    // Each Order button signs up for its service, which sign-up carries on to the service's page.
    await expect(google.getByRole("link", { name: "Order Google Business Profile" })).toHaveAttribute(
      "href",
      "/signup?service=google_business",
    );
    await expect(website.getByRole("link", { name: "Order Professional Website" })).toHaveAttribute(
      "href",
      "/signup?service=website",
    );
    await expect(page.getByRole("list", { name: "States we serve" }).getByRole("listitem")).toHaveCount(50);
  });

  test("the hero advances every 5000 ms and a dot jumps to its slide", async ({ page }) => {
    await openWithClock(page);
    const carousel = hero(page);
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(4);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 4");
    await expect(carousel.locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(3);
    await expect(currentSlide(carousel).getByRole("img")).toHaveAttribute("alt", /cleaner/);

    await page.clock.runFor(4999);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 4");
    await page.clock.runFor(1);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 2 of 4");
    await expect(carousel.getByRole("img")).toHaveAttribute("alt", /painter/);

    const lastDot = carousel.getByRole("button", { name: "Show slide 4 of 4: Roofing" });
    await lastDot.click();
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 4 of 4");
    await expect(lastDot).toHaveAttribute("aria-current", "true");
    await pointerAway(page);
    await page.clock.runFor(5000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 4");
  });

  test("the pause control stops the hero; hover and keyboard focus hold it", async ({ page }) => {
    await openWithClock(page);
    const carousel = hero(page);
    await carousel.getByRole("button", { name: "Pause hero slideshow" }).click();
    await expect(carousel).toHaveAttribute("data-rotation", "held");
    await pointerAway(page);
    await page.clock.runFor(20_000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 4");

    await carousel.getByRole("button", { name: "Play hero slideshow" }).click();
    await pointerAway(page);
    await page.clock.runFor(5000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 2 of 4");

    // Hover holds it...
    await carousel.getByRole("button", { name: "Show slide 1 of 4: Cleaning" }).hover();
    await page.clock.runFor(15_000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 2 of 4");
    await pointerAway(page);
    await page.clock.runFor(5000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 3 of 4");

    // ...and so does keyboard focus inside it: the pause control is the next stop after the hero's links.
    await page.getByRole("link", { name: "See services and prices" }).focus();
    await page.keyboard.press("Tab");
    await expect(carousel.getByRole("button", { name: "Pause hero slideshow" })).toBeFocused();
    await expect(carousel).toHaveAttribute("data-rotation", "held");
    await page.clock.runFor(15_000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 3 of 4");
    await page.keyboard.press("Shift+Tab");
    await expect(carousel).toHaveAttribute("data-rotation", "running");
    await page.clock.runFor(5000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 4 of 4");
  });

  test("under reduced motion the carousels do not advance by themselves", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install({ time: START });
    await page.clock.pauseAt(STOPPED_AT);
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-rotation", "held");
    await expect(hero(page).getByRole("button", { name: "Play hero slideshow" })).toBeVisible();
    await page.clock.runFor(30_000);
    await expect(currentSlide(hero(page))).toHaveAttribute("aria-label", "Slide 1 of 4");
    await expect(currentSlide(testimonials(page))).toHaveAttribute("aria-label", "Slide 1 of 5");
  });

  test("five testimonials advance every 6000 ms, wrap around, and dots select one", async ({ page }) => {
    await openWithClock(page);
    const carousel = testimonials(page);
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(5);
    for (const [i, person] of TESTIMONIALS.entries()) {
      const slide = slides.nth(i);
      await expect(slide).toHaveAttribute("aria-label", `Slide ${i + 1} of 5`);
      await expect(slide).toContainText(person.name);
      await expect(slide).toContainText(person.business);
      await expect(slide.locator('[role="img"][aria-label="Rated 5 out of 5"] svg')).toHaveCount(5);
      await expect(slide.locator("blockquote")).not.toBeEmpty();
      await expect(slide.locator("img")).toHaveAttribute("alt", `Portrait of ${person.name}`);
    }

    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 5");
    await page.clock.runFor(5999);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 1 of 5");
    await page.clock.runFor(1);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 2 of 5");
    for (const expected of [3, 4, 5, 1]) {
      await page.clock.runFor(6000);
      await expect(currentSlide(carousel)).toHaveAttribute("aria-label", `Slide ${expected} of 5`);
    }

    await carousel.getByRole("button", { name: "Show testimonial 3 of 5: Tasha Williams" }).click();
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 3 of 5");
    await expect(carousel.getByText("Tasha Williams", { exact: true })).toBeVisible();
    await expect(carousel.getByText("Maria Gonzalez", { exact: true })).toBeHidden();
    await carousel.getByRole("button", { name: "Pause testimonials" }).click();
    await pointerAway(page);
    await page.clock.runFor(20_000);
    await expect(currentSlide(carousel)).toHaveAttribute("aria-label", "Slide 3 of 5");
  });

  test("each industry opens its dialog with the four benefit blocks", async ({ page }) => {
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-rotation", "running");
    const industries = page.locator("#industries");
    for (const industry of INDUSTRIES) {
      const card = industries.getByRole("button", { name: industry, exact: true });
      await card.click();
      const dialog = page.getByRole("dialog", { name: `Why ${industry} Businesses Need Online Presence` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 3 })).toHaveText(BENEFITS);
      for (const benefit of BENEFITS) {
        const text = dialog.getByRole("heading", { name: benefit }).locator("xpath=following-sibling::p");
        // Real copy for the trade: a few sentences, not a placeholder.
        expect((await text.textContent())?.length).toBeGreaterThan(120);
      }
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
    }
  });

  test("a dialog works by keyboard and keeps focus inside until closed", async ({ page }) => {
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-rotation", "running");
    const card = page.locator("#industries").getByRole("button", { name: "Pressure Washing", exact: true });
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Why Pressure Washing Businesses Need Online Presence" });
    await expect(dialog).toBeVisible();
    for (let step = 0; step < 6; step++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole("button", { name: "Close", exact: true }).press("Enter");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
  });

  test("'WhatsApp Us' and the contact chat link open the chat in a new tab", async ({ page, context }) => {
    await context.route("https://wa.me/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>chat</title>" }),
    );
    await page.goto("/");
    for (const link of [
      page.getByRole("link", { name: "WhatsApp Us" }),
      page.locator("#contact").getByRole("link", { name: /WhatsApp/ }),
    ]) {
      await expect(link).toHaveAttribute("href", site.chatUrl);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      const opened = context.waitForEvent("page");
      await link.click();
      const tab = await opened;
      await tab.waitForLoadState();
      expect(tab.url()).toBe(site.chatUrl);
      expect(await tab.evaluate(() => window.opener)).toBeNull();
      await tab.close();
      await expect(page).toHaveURL("/");
    }
  });

  test("the contact block calls, e-mails and signs up with the configured details", async ({ page }) => {
    await page.goto("/");
    const contact = page.locator("#contact");
    const phoneLink = contact.getByRole("link", { name: `Call ${site.phone}` });
    await expect(phoneLink).toHaveAttribute("href", `tel:+1${site.phone.replace(/\D/g, "")}`);
    await expect(phoneLink).toContainText(site.phone);
    const mailLink = contact.getByRole("link", { name: `E-mail ${site.email}` });
    await expect(mailLink).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(mailLink).toContainText(site.email);

    await contact.getByRole("link", { name: "Get Started", exact: true }).click();
    await expect(page).toHaveURL("/signup");
  });

  test("has no accessibility violations, also with a dialog open", async ({ page }) => {
    await page.goto("/");
    await expect(hero(page)).toHaveAttribute("data-rotation", "running");
    await expectNoAxeViolations(page);

    await page.locator("#industries").getByRole("button", { name: "Roofing", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  for (const width of [360, 768, 1280]) {
    test(`has no horizontal scroll at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(hero(page)).toHaveAttribute("data-rotation", "running");
      const [scrollWidth, viewport] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(viewport);
    });
  }
});

test.describe("landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is complete: hero, prices, industries, testimonials and contact details", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HERO_TITLE);
    await expect(page.getByRole("article", { name: "Google Business Profile" })).toContainText("$250");
    await expect(page.getByRole("article", { name: "Professional Website" })).toContainText("$700");
    for (const industry of INDUSTRIES) {
      await expect(page.locator("#industries").getByRole("button", { name: industry, exact: true })).toBeVisible();
    }
    await expect(page.locator("#testimonials")).toContainText(TESTIMONIALS[0]!.name);
    await expect(page.locator("#contact").getByRole("link", { name: `Call ${site.phone}` })).toBeVisible();
    await expect(page.locator("#contact").getByRole("link", { name: "Get Started", exact: true })).toBeVisible();
  });
});

test.describe("the landing page's JavaScript", () => {
  /** React Router's own files: the client entry, its manifest, React, the route modules. */
  const REACT_ROUTER_FILE = /\/assets\/(entry\.client|manifest|jsx-runtime|react-dom|root|home)-[\w-]+\.js$/;

  for (const pagePath of ["/", "/es"]) {
    test(`${pagePath} loads no React Router module and at most 60 kB of gzipped JavaScript`, async ({
      page,
      request,
    }) => {
      const scripts: string[] = [];
      page.on("request", (loaded) => {
        if (loaded.resourceType() === "script") scripts.push(new URL(loaded.url()).pathname);
      });
      await page.goto(pagePath);
      await expect(page.locator('[data-carousel="hero"]')).toHaveAttribute("data-rotation", "running");
      // Once the page has been used: a dialog opened and closed loads nothing more.
      await page.locator("#industries [data-industry]").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();

      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((script) => REACT_ROUTER_FILE.test(script))).toEqual([]);
      expect(
        await page.evaluate(() =>
          ["__reactRouterContext", "__reactRouterManifest", "__reactRouterRouteModules"].filter(
            (name) => name in window,
          ),
        ),
      ).toEqual([]);
      const html = await (await request.get(pagePath)).text();
      expect(html).not.toContain("__reactRouter");
      expect(html).not.toContain("modulepreload");

      // Gzipped at the default level, as `npm run bench:landing` counts them.
      let gzipped = 0;
      for (const script of scripts) gzipped += gzipSync(await (await request.get(script)).body()).length;
      expect(gzipped).toBeLessThanOrEqual(60_000);
    });
  }
});

test.describe("served HTML of /", () => {
  test("is the pre-rendered page, with the hero heading, both prices and the JSON-LD", async ({ request, baseURL }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/html");
    const html = await response.text();

    expect(html).toContain(`<h1 id="hero-title"`);
    expect(html).toContain(HERO_TITLE);
    expect(html).toMatch(/>\$250</);
    expect(html).toMatch(/>\$700</);
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"/>`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/"/>`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);

    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(jsonLd).toBeDefined();
    const graph = JSON.parse(jsonLd!)["@graph"] as Record<string, unknown>[];
    const agency = graph.find((node) => node["@type"] === "Organization")!;
    expect(agency).toMatchObject({
      name: site.agencyName,
      url: `${baseURL}/`,
      telephone: site.phone,
      email: site.email,
      areaServed: { "@type": "Country", name: "United States" },
    });
    const offers = agency.makesOffer as { name: string; price: string; priceCurrency: string; areaServed: unknown }[];
    expect(offers.map(({ name, price, priceCurrency }) => ({ name, price, priceCurrency }))).toEqual([
      { name: "Google Business Profile", price: "250.00", priceCurrency: "USD" },
      { name: "Professional Website", price: "700.00", priceCurrency: "USD" },
    ]);

    // It is build/client/index.html: the same body, with the build's origin swapped for this server's SITE_URL,
    // and the style sheet inlined in the head (its link kept, non-blocking).
    const built = readFileSync(path.resolve("build/client/index.html"), "utf8");
    const builtOrigin = /<link rel="canonical" href="([^"]+)\/"/.exec(built)![1]!;
    const body = (document: string) => document.slice(document.indexOf("<body"));
    expect(body(html)).toBe(body(built).replaceAll(builtOrigin, baseURL!));
    const styleSheet = /<link rel="stylesheet" href="([^"]+)"\/>/.exec(built)![1]!;
    expect(html).toContain(`<link rel="stylesheet" href="${styleSheet}" media="print"/>`);
    const css = await (await request.get(styleSheet)).text();
    expect(html).toContain(`<style>${css}</style>`);
    expect(response.headers()["etag"]).toBeTruthy();
  });

  test("marketing images are content-hashed files cached for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const images = [...new Set([...html.matchAll(/src="(\/assets\/[^"]+\.svg)"/g)].map((match) => match[1]!))];
    expect(images.length).toBeGreaterThanOrEqual(11); // 7 scenes (4 in the hero) and 5 portraits, 4 shared
    for (const image of images) {
      const response = await request.get(image);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
    }
    for (const img of html.match(/<img [^>]+>/g) ?? []) {
      expect(img).toMatch(/ alt="[^"]+"/);
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
    }
  });

  test("robots.txt and sitemap.xml point at SITE_URL", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const robotsText = await robots.text();
    expect(robotsText).toContain("User-agent: *");
    expect(robotsText).toContain("Disallow: /dashboard");
    expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("xml");
    expect(await sitemap.text()).toContain(`<loc>${baseURL}/</loc>`);
  });
});
