import { expect, type Browser, type Page } from "@playwright/test";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  STRONG_PASSWORD,
  test,
} from "./fixtures";
import { mailsTo } from "./outbox";

/** The invitation link in the newest invitation e-mail to this address, as a path. */
async function invitationPath(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      const mail = mailsTo(email).findLast(
        (message) =>
          message.subject === "You are invited to join the team" ||
          message.subject === "Tiene una invitación para unirse al equipo",
      );
      link = /\/admin\/invitations\/[A-Za-z0-9_-]+/.exec(mail?.body ?? "")?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  return link;
}

/** The admin invites this address from Settings → Team. */
async function invite(admin: Page, email: string, role: "Staff" | "Admin"): Promise<void> {
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Team" }).click();
  await admin.getByRole("button", { name: "Invite member" }).click();
  const dialog = admin.getByRole("dialog", { name: "Invite member" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expectToast(admin, "Invitation sent");
  await expect(dialog).toBeHidden();
}

/** A customer signed up in a context of their own, on their progress page with its live stream open. */
async function customerOnProgress(browser: Browser): Promise<{ page: Page; id: string; name: string }> {
  const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const person = newCustomer();
  await signUpViaApi(page, person);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  await gotoWithLiveStream(page, "/dashboard/progress");
  return { page, id: user.id, name: person.fullName };
}

test("an admin invites a staff member, who sees only the customer assigned to them, works live, and is signed out when deactivated", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInAdmin(browser);
  const staffEmail = `staff-${Date.now().toString(36)}@e2e.test`;
  const staffName = `Sam Staff ${Date.now().toString(36)}`;
  await invite(admin, staffEmail, "Staff");
  await expect(admin.getByTestId("team-invitation-row").filter({ hasText: staffEmail })).toContainText("Staff");

  // The invitee opens the e-mailed link in a browser of their own, sets a name and password, and is in.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(await invitationPath(staffEmail));
  await expect(staff.getByRole("heading", { name: "Join the team" })).toBeVisible();
  await expect(staff.getByTestId("invited-email")).toHaveText(staffEmail);
  await expectNoAxeViolations(staff);
  await staff.getByLabel("Full Name").fill(staffName);
  await staff.getByLabel("Password", { exact: true }).fill(STRONG_PASSWORD);
  await staff.getByLabel("Confirm Password").fill(STRONG_PASSWORD);
  await staff.getByRole("button", { name: "Create account" }).click();
  await expect(staff).toHaveURL("/admin/dashboard");
  const nav = staff.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "My customers" })).toBeVisible();
  for (const hidden of ["Analytics", "Settings", "Activity"])
    await expect(nav.getByRole("link", { name: hidden })).toHaveCount(0);

  // The link worked once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(await invitationPath(staffEmail));
  await expect(again.getByRole("alert")).toHaveText(
    "This invitation has already been used. Sign in with your account.",
  );

  // Two customers; the admin assigns the first to the new member.
  const mine = await customerOnProgress(browser);
  const other = await customerOnProgress(browser);
  await admin.goto(`/admin/users/${mine.id}`);
  await admin.getByTestId("customer-assignees").click();
  const assign = admin.getByRole("dialog", { name: "Assigned to" });
  await assign.getByRole("checkbox", { name: staffName }).check();
  await assign.getByRole("button", { name: "Save" }).click();
  await expectToast(admin, "Assignment saved");
  await expect(admin.getByTestId("customer-assignees")).toContainText(staffName);

  // The staff member's list holds the assigned customer only; the other's page is 404 for them.
  await staff.goto("/admin/users");
  await expect(staff.getByRole("heading", { name: "My customers" })).toBeVisible();
  await expect(staff.getByTestId("customer-row")).toHaveCount(1);
  await expect(staff.getByTestId("customer-row")).toContainText(mine.name);
  const notMine = await staff.goto(`/admin/users/${other.id}`);
  expect(notMine?.status()).toBe(404);
  await expect(
    staff.getByText(
      "There is no customer with this id among the customers assigned to you. An admin can assign a customer to you.",
    ),
  ).toBeVisible();
  // An admin-only page says so, and leads back into the back office, not to the marketing site.
  await staff.goto("/admin/settings");
  await expect(staff.getByRole("heading", { name: "Access denied" })).toBeVisible();
  await staff.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(staff).toHaveURL("/admin/dashboard");

  // On the assigned customer's page: it opens on Messages, has no Payments tab, and a payment decision posted anyway
  // to the Payments tab's action (as its fetcher sends it) is refused (403).
  await gotoWithLiveStream(staff, `/admin/users/${mine.id}`);
  await expect(staff).toHaveURL(`/admin/users/${mine.id}/messages`);
  await expect(staff.getByRole("tab", { name: "Messages", selected: true })).toBeVisible();
  await expect(staff.getByRole("tab", { name: "Payments" })).toHaveCount(0);
  await expect(staff.getByTestId("customer-assignees")).toContainText(staffName);
  await expect(staff.getByRole("button", { name: /Assigned to/ })).toHaveCount(0);
  const decide = await staff.request.post(`/admin/users/${mine.id}.data?index`, {
    form: { intent: "decide", paymentId: "00000000-0000-4000-8000-000000000000", decision: "approve" },
    headers: { origin: E2E_BASE_URL },
  });
  expect(decide.status()).toBe(403);
  const settings = await staff.request.get("/admin/settings");
  expect(settings.status()).toBe(403);

  // The staff member ticks a step; the customer's open page shows it without a reload.
  await staff.getByRole("tab", { name: "Google Business", exact: true }).click();
  await staff.getByRole("checkbox", { name: "Information Collection" }).click();
  await expect(staff.getByRole("checkbox", { name: "Information Collection" })).toBeChecked();
  await expect(mine.page.getByTestId("progress-card-google_business").getByTestId("progress-percentage")).toHaveText(
    "17%",
  );

  // The admin deactivates the member: their open page goes to the login.
  await admin.goto("/admin/settings");
  await admin.getByRole("tab", { name: "Team" }).click();
  await admin.getByRole("button", { name: `Deactivate ${staffName}` }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Deactivate member" });
  await confirm.getByRole("button", { name: "Deactivate" }).click();
  await expectToast(admin, "Member deactivated");
  await expect(staff).toHaveURL(/\/admin\/login/, { timeout: 30_000 });

  // And cannot sign in again.
  await staff.getByLabel("Email").fill(staffEmail);
  await staff.getByLabel("Password").fill(STRONG_PASSWORD);
  await staff.getByRole("button", { name: "Login" }).click();
  await expectToast(staff, "This account has been deactivated. Ask an admin of your team.");
});

test("an invitation opened in Spanish reads in Spanish, and a wrong link says so", async ({ browser }) => {
  const admin = await signedInAdmin(browser);
  const email = `invitee-${Date.now().toString(36)}@e2e.test`;
  await invite(admin, email, "Admin");
  const page = await (await browser.newContext({ locale: "es-US", viewport: { width: 390, height: 844 } })).newPage();
  await page.goto(await invitationPath(email));
  await expect(page.getByRole("heading", { name: "Únase al equipo" })).toBeVisible();
  await expect(page.getByText("Tiene una invitación como Administrador.", { exact: false })).toBeVisible();
  await expect(page.getByLabel("Confirmar contraseña")).toBeVisible();
  await page.goto("/admin/invitations/not-a-real-token");
  await expect(page.getByRole("alert")).toHaveText(
    "Este enlace de invitación no es válido. Verifique que abrió el enlace completo del correo.",
  );
});
