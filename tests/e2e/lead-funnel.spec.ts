import { expect } from "@playwright/test";
import { expectNoAxeViolations, expectToast, newCustomer, signedInAdmin, STRONG_PASSWORD, test } from "./fixtures";
import { mailsTo } from "./outbox";
import { payByCard } from "./payments-support";

test("a lead invited to sign up opens a filled-in form in their language, pays, and reads Won with its source on their customer page", async ({
  browser,
  request,
}) => {
  // A Spanish-speaking visitor's quote request from a Google advert, as the website's form leaves it.
  const lead = newCustomer({ fullName: "Lucía Fernández", companyName: "Fernández Roofing" });
  const made = await request.post("/__test/leads", {
    data: {
      name: lead.fullName,
      email: lead.email,
      phone: "5552348765",
      businessName: lead.companyName,
      language: "es",
      utmSource: "google",
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { leadId } = (await made.json()) as { leadId: string };

  // The admin invites the lead from its page; the stage moves to Contacted and the timeline says so.
  const admin = await signedInAdmin(browser);
  await admin.goto(`/admin/leads/${leadId}`);
  await admin.getByRole("button", { name: "Invite to sign up" }).click();
  const confirm = admin.getByRole("alertdialog", { name: `Invite ${lead.fullName} to sign up?` });
  await confirm.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(admin, "Invitation sent");
  await expect(confirm).toBeHidden();
  await expect(admin.getByTestId("lead-stage")).toHaveText("Contacted");
  await expect(admin.getByTestId("lead-timeline")).toContainText("Invited to sign up");

  // The e-mail is in the lead's language, with the sign-up link.
  await expect.poll(() => mailsTo(lead.email).map((mail) => mail.subject)).toEqual(["Cree su cuenta para comenzar"]);
  const link = /https?:\/\/\S+\/signup\?lead=\S+/.exec(mailsTo(lead.email)[0]!.body)?.[0];
  expect(link).toBeDefined();

  // An English browser: the page opens in the language the lead wrote in.
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Cree su cuenta" })).toBeVisible();
  await expect(page.locator("#fullName")).toHaveValue(lead.fullName);
  await expect(page.locator("#email")).toHaveValue(lead.email);
  await expect(page.locator("#phone")).toHaveValue("(555) 234-8765");
  await expect(page.locator("#companyName")).toHaveValue(lead.companyName);
  await expectNoAxeViolations(page);
  await page.locator("#password").fill(STRONG_PASSWORD);
  await page.locator("#confirmPassword").fill(STRONG_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL("/dashboard/progress");

  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await payByCard(page.request, lead.email, "google_business", 1);
  // The webhook answered once its transaction committed: the lead reads Won now.
  const read = await request.get(`/__test/leads/${leadId}`);
  expect(await read.json()).toMatchObject({ stage: "won", customerId: user.id, wonAt: expect.any(String) });

  // The admin's customer page says where the customer came from, and links to the lead.
  await admin.goto(`/admin/users/${user.id}`);
  const source = admin.getByTestId("customer-lead-source");
  await expect(source).toContainText("Source: advert (google) · Enquiry of");
  await expect(source.getByRole("link", { name: "View the lead" })).toHaveAttribute("href", `/admin/leads/${leadId}`);
  await expectNoAxeViolations(admin);
});
