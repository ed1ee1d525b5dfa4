import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  expectToast,
  gotoWithLiveStream,
  newCustomer,
  signUpViaApi,
  test,
  LIVE_UPDATE_MS,
  signedInAdmin,
} from "./fixtures";
import { countDocumentLoads } from "./payments-support";

async function onNotesTab(page: Page, userId: string) {
  await gotoWithLiveStream(page, `/admin/users/${userId}`);
  await page.getByRole("tab", { name: "Notes" }).click();
}

async function pngFiles(count: number) {
  const files = [];
  for (let index = 0; index < count; index += 1) {
    const buffer = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 30 * index, g: 100, b: 200 } },
    })
      .png()
      .toBuffer();
    files.push({ name: `photo-${index + 1}.png`, mimeType: "image/png", buffer });
  }
  return files;
}

const noteCard = (page: Page, title: string) =>
  page.getByRole("list", { name: "Customer notes" }).getByRole("listitem").filter({ hasText: title });

test("an admin adds a note (7 photos refused, then 4), edits and deletes it; a second admin's open Notes tab follows live", async ({
  browser,
}) => {
  const customerPage = await (await browser.newContext()).newPage();
  const customer = newCustomer();
  await signUpViaApi(customerPage, customer);
  const { user } = (await (await customerPage.request.get("/resources/session")).json()) as { user: { id: string } };

  const admin = await signedInAdmin(browser);
  const other = await signedInAdmin(browser);
  await onNotesTab(admin, user.id);
  await onNotesTab(other, user.id);
  const otherLoads = countDocumentLoads(other);
  await expect(other.getByText("No notes yet")).toBeVisible();

  // Add: both fields are required, 7 photos are refused, 4 are taken.
  await admin.getByRole("button", { name: "Add Note" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Note" });
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expectToast(admin, "Title and description are required");
  await dialog.getByLabel("Title").fill("Kick-off call");
  await dialog.getByLabel("Description").fill("Line one\nLine two\nLine three\nLine four is clamped away");
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles(await pngFiles(7));
  await expectToast(admin, "Maximum 6 photos allowed");
  await expect(dialog.getByText("Photos (0/6)")).toBeVisible();
  await fileInput.setInputFiles(await pngFiles(4));
  await expect(dialog.getByText("Photos (4/6)")).toBeVisible();
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expectToast(admin, "Note created successfully");
  await expect(dialog).toHaveCount(0);

  const card = noteCard(admin, "Kick-off call");
  await expect(card.getByRole("img")).toHaveCount(3);
  await expect(card.getByText("+1", { exact: true })).toBeVisible();
  const today = new Date().toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  await expect(card.getByText(today)).toBeVisible();
  // The description is clamped to three lines.
  await expect(card.getByText(/Line one/)).toHaveClass(/line-clamp-3/);

  // The second admin's open tab has it without a reload.
  await expect(noteCard(other, "Kick-off call").getByText("+1", { exact: true })).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });

  // Edit: a new title, one saved photo removed (3 left: no '+N').
  await card.getByRole("button", { name: "Edit note Kick-off call" }).click();
  const edit = admin.getByRole("dialog", { name: "Edit Note" });
  await expect(edit.getByText("Photos (4/6)")).toBeVisible();
  await edit.getByLabel("Title").fill("Kick-off call (follow-up)");
  await edit.getByRole("button", { name: "Remove saved photo 4" }).click();
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(admin, "Note updated successfully");
  const edited = noteCard(admin, "Kick-off call (follow-up)");
  await expect(edited.getByRole("img")).toHaveCount(3);
  await expect(edited.getByText("+1", { exact: true })).toHaveCount(0);
  await expect(noteCard(other, "Kick-off call (follow-up)")).toBeVisible({ timeout: LIVE_UPDATE_MS });

  // The customer cannot read a note photo.
  const photoUrl = await edited.getByRole("link").first().getAttribute("href");
  expect(photoUrl).toMatch(/^\/files\/admin-note-photos\/notes\//);
  expect((await customerPage.request.get(photoUrl!)).status()).toBe(404);
  expect((await admin.request.get(photoUrl!)).status()).toBe(200);

  // Delete, after a confirmation.
  await edited.getByRole("button", { name: "Delete note Kick-off call (follow-up)" }).click();
  const confirm = admin.getByRole("alertdialog", { name: "Delete Note" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expectToast(admin, "Note deleted successfully");
  await expect(admin.getByText("No notes yet")).toBeVisible();
  await expect(other.getByText("No notes yet")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  expect((await admin.request.get(photoUrl!)).status()).toBe(404);
  expect(otherLoads()).toBe(0);
});

test("the Notes tab works at 375 px wide", async ({ browser }) => {
  const customerPage = await (await browser.newContext()).newPage();
  await signUpViaApi(customerPage, newCustomer());
  const { user } = (await (await customerPage.request.get("/resources/session")).json()) as { user: { id: string } };
  const admin = await signedInAdmin(browser);
  await admin.setViewportSize({ width: 375, height: 740 });
  await onNotesTab(admin, user.id);
  await admin.getByRole("button", { name: "Add Note" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Note" });
  await dialog.getByLabel("Title").fill("Phone note");
  await dialog.getByLabel("Description").fill("Typed on a phone");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expectToast(admin, "Note created successfully");
  await expect(noteCard(admin, "Phone note")).toBeInViewport();
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
