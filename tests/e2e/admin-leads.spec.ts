import { expect } from "@playwright/test";
import { expectToast, gotoWithLiveStream, LIVE_UPDATE_MS, newCustomer, freshAdmin, test, toSpanish } from "./fixtures";

test("a lead that arrives shows on the admin's open Leads page without a reload; the admin works it to Lost, with its reason", async ({
  browser,
  request,
}) => {
  // An admin of its own: the page is switched to Spanish below, which the shared e2e admin must not be.
  const { page: admin } = await freshAdmin(browser);
  await gotoWithLiveStream(admin, "/admin/leads");
  await expect(admin.getByRole("heading", { name: "Leads" })).toBeVisible();

  const visitor = newCustomer({ fullName: "Marco Live Lead", companyName: "Marco Painting" });
  const made = await request.post("/__test/leads", {
    data: {
      name: visitor.fullName,
      email: visitor.email,
      businessName: visitor.companyName,
      industry: "painting",
      utmSource: "facebook",
      message: "Need a website before spring",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const row = admin.getByTestId("lead-row").filter({ hasText: visitor.fullName });
  await expect(row).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(row).toHaveAttribute("data-stage", "new");
  await admin.screenshot({ path: "test-results/admin-leads-en-1280.png" });

  await row.getByRole("link", { name: visitor.fullName }).click();
  await expect(admin.getByRole("heading", { name: visitor.fullName })).toBeVisible();
  await expect(admin.getByText("Need a website before spring")).toBeVisible();
  await expect(admin.getByText("facebook")).toBeVisible();

  await admin.getByLabel("Add a note").fill("Called, they want a quote by Friday");
  await admin.getByRole("button", { name: "Add note" }).click();
  await expectToast(admin, "Note added");
  await expect(admin.getByTestId("lead-timeline")).toContainText("Called, they want a quote by Friday");

  // Lost asks why; the browser holds the form until the reason is there.
  await admin.getByLabel("Stage").selectOption("lost");
  const reason = admin.getByLabel("Why was the lead lost?");
  await admin.getByRole("button", { name: "Save stage" }).click();
  await expect(reason).toHaveJSProperty("validity.valueMissing", true);
  await reason.fill("Went with a cheaper agency");
  await admin.getByRole("button", { name: "Save stage" }).click();
  await expectToast(admin, "Stage saved");
  await expect(admin.getByTestId("lead-stage")).toHaveText("Lost");
  await expect(admin.getByTestId("lead-timeline")).toContainText("Went with a cheaper agency");

  // The same page in Spanish, on a phone.
  await toSpanish(admin);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.reload();
  await expect(admin.getByTestId("lead-stage")).toHaveText("Perdido");
  await expect(admin.getByRole("heading", { name: "Historial" })).toBeVisible();
  await admin.screenshot({ path: "test-results/admin-lead-es-390.png", fullPage: true });
  await admin.context().close();
});
