import { freshAdmin, customerIn, gotoWithLiveStream, test, toSpanish } from "./fixtures";

test("shots", async ({ browser }) => {
  for (const locale of ["en-US", "es-ES"]) {
    const admin = (await freshAdmin(browser, { locale, viewport: { width: 1280, height: 900 } })).page;
    await gotoWithLiveStream(admin, "/admin/settings");
    await admin.getByRole("tab", { name: locale === "en-US" ? "Reminders" : "Recordatorios" }).click();
    await admin.screenshot({ path: `test-results/shot-settings-${locale}.png`, fullPage: true });
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.screenshot({ path: `test-results/shot-settings-${locale}-390.png`, fullPage: true });
    const page = await (await browser.newContext({ locale, viewport: { width: 390, height: 844 } })).newPage();
    await customerIn(page, {});
    await gotoWithLiveStream(page, "/dashboard/profile");
    if (locale === "es-ES") await toSpanish(page);
    await page.getByRole("checkbox").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shot-profile-${locale}-390.png`, fullPage: true });
  }
});
