import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { newCustomer, signUpViaApi, signedInAdmin, test } from "./fixtures";
import { payByCard } from "./payments-support";

test("Analytics' 'Export CSV' downloads the period's payments for the accounts: UTF-8 with a BOM, a header, the payment's row", async ({
  browser,
}) => {
  const customer = await (await browser.newContext()).newPage();
  const who = newCustomer();
  await signUpViaApi(customer, who);
  await payByCard(customer.request, who.email, "google_business", 1);

  const admin = await signedInAdmin(browser);
  await admin.goto("/admin/analytics?period=30d");
  const range = (await admin.getByTestId("analytics-range").textContent())!;
  const [, from, to] = /(\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(range)!;
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payments-${from}-to-${to}.csv`);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString("utf8").split("\r\n");
  expect(lines[0]).toBe(
    "Date,Receipt number,Customer,Service,Payment method,List price,Discount,Amount paid,Amount refunded",
  );
  expect(lines.find((line) => line.includes(who.fullName))).toMatch(
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2},R-\\d{6,},${who.fullName},Google Business Profile Setup,Card,250\\.00,0\\.00,250\\.00,0\\.00$`,
    ),
  );

  // A date the export cannot read is refused with its reason, not a server error.
  const refused = await admin.request.get("/admin/payments.csv?from=2026-02-30&to=2026-03-01");
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    ok: false,
    error: { code: "invalid_period", message: "Enter the date as YYYY-MM-DD" },
  });
  // Customers never get it.
  const customerTry = await customer.request.get(`/admin/payments.csv?from=${from}&to=${to}`, { maxRedirects: 0 });
  expect(customerTry.status()).toBe(302);
});
