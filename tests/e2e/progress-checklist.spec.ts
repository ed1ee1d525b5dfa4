import { expect, type Browser, type Page } from "@playwright/test";
import { expectNoAxeViolations, freshAdmin, gotoWithLiveStream, newCustomer, signUpViaApi, test } from "./fixtures";

/** A customer signed up in a context of their own, on their progress page with its live stream open. */
async function customerOnProgress(browser: Browser): Promise<{ page: Page; userId: string; email: string }> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const person = newCustomer();
  await signUpViaApi(page, person);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/progress");
  return { page, userId: user.id, email: person.email };
}

const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/admin/users/"),
  );

test("ticking a later step offers the earlier ones; both checklists date each step; unticking asks first", async ({
  browser,
}) => {
  const { page: customer, userId } = await customerOnProgress(browser);
  const admin = (await freshAdmin(browser)).page;
  await gotoWithLiveStream(admin, `/admin/users/${userId}`);
  await admin.getByRole("tab", { name: "Web Site", exact: true }).click();

  // 'Design & Layout Creation' with the three steps before it not done: the admin marks them all.
  const design = admin.getByRole("checkbox", { name: "Design & Layout Creation" });
  await design.click();
  const earlier = admin.getByRole("dialog", { name: "Mark the earlier steps done too?" });
  await expect(earlier.getByRole("listitem")).toHaveText([
    "Client Information Received",
    "Domain & Hosting Setup",
    "Planning & Structure Definition",
  ]);
  await expectNoAxeViolations(admin, "[role=dialog]");
  const save = saved(admin);
  await earlier.getByRole("button", { name: "Mark all done" }).click();
  expect((await save).status()).toBe(200);
  for (const label of [
    "Client Information Received",
    "Domain & Hosting Setup",
    "Planning & Structure Definition",
    "Design & Layout Creation",
  ]) {
    await expect(admin.getByRole("checkbox", { name: label })).toBeChecked();
  }
  await expect(admin.getByRole("checkbox", { name: "Website Development" })).not.toBeChecked();

  // The customer's open page: 50%, the four steps done, each with today's date (in their time zone).
  const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" }).format(
    new Date(),
  );
  const website = customer.getByTestId("progress-card-website");
  await expect(website.getByTestId("progress-percentage")).toHaveText("50%");
  await expect(website.getByTestId("progress-step-date")).toHaveText(Array(4).fill(`Done ${today}`));
  await expect(admin.getByTestId("admin-progress-website").getByTestId("progress-step-date")).toHaveText(
    Array(4).fill(`Done ${today}`),
  );

  // Unticking asks; Cancel leaves the step done.
  const domain = admin.getByRole("checkbox", { name: "Domain & Hosting Setup" });
  await domain.click();
  const confirm = admin.getByRole("dialog", { name: 'Mark "Domain & Hosting Setup" as not done?' });
  await expect(confirm).toContainText("The customer will see this step as not done.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(domain).toBeChecked();
  await expect(website.getByTestId("progress-percentage")).toHaveText("50%");
});

test("a step the product ticked says so, and the admin is told before unticking it; the checklist is Spanish for a Spanish admin", async ({
  browser,
}) => {
  // What a received Google Business form does: 'Information Collection' ticked by the product (a test hook).
  const { page: customer, userId, email } = await customerOnProgress(browser);
  const sent = await customer.request.post("/__test/progress/received", {
    data: { email, service: "google_business" },
  });
  expect(sent.ok(), await sent.text()).toBeTruthy();
  const admin = (await freshAdmin(browser)).page;
  await gotoWithLiveStream(admin, `/admin/users/${userId}`);
  await admin.getByRole("button", { name: "Español" }).click();
  await expect(admin.locator("html")).toHaveAttribute("lang", "es");
  await admin.getByRole("tab", { name: "Google Business", exact: true }).click();
  const checklist = admin.getByTestId("admin-progress-google_business");
  await expect(checklist.getByRole("checkbox", { name: "Recopilación de información" })).toBeChecked();
  await expect(checklist).toContainText("Creación del perfil");
  await expect(checklist).not.toContainText("Profile Creation");
  await expect(checklist.getByTestId("progress-step-date")).toContainText("al recibir la información");

  await checklist.getByRole("checkbox", { name: "Recopilación de información" }).click();
  const confirm = admin.getByRole("dialog", { name: "¿Marcar «Recopilación de información» como no hecho?" });
  await expect(confirm).toContainText("se marcó como hecho automáticamente");
  const save = saved(admin);
  await confirm.getByRole("button", { name: "Marcar como no hecho" }).click();
  expect((await save).status()).toBe(200);
  await expect(checklist.getByRole("checkbox", { name: "Recopilación de información" })).not.toBeChecked();
  await expect(
    customer.getByTestId("progress-card-google_business").getByText("No progress data available yet"),
  ).toHaveCount(0);
  await expect(customer.getByTestId("progress-card-google_business").getByTestId("progress-percentage")).toHaveText(
    "0%",
  );
});
