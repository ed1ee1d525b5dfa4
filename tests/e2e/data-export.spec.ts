import { expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { readZip } from "../read-zip";
import { expectToast, gotoWithLiveStream, newCustomer, signUpViaApi, test } from "./fixtures";
import { countDocumentLoads } from "./payments-support";

const card = (page: Page) => page.getByTestId("data-export");

test("a customer asks for their data on the Profile page, sees it become ready live, downloads the ZIP and its data.json is theirs", async ({
  page,
}) => {
  const customer = newCustomer({ fullName: "Dana Download" });
  await signUpViaApi(page, customer);
  await gotoWithLiveStream(page, "/dashboard/profile");
  const loads = countDocumentLoads(page);
  // Something of theirs to take with them: a profile picture.
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#a36" } })
    .png()
    .toBuffer();
  await page.getByLabel("Profile picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  await expectToast(page, "Profile picture updated successfully");

  await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
  await expect(card(page).getByText(/Get a copy of everything we keep about you in one ZIP file/)).toBeVisible();
  await card(page).getByLabel("Your password (optional)").fill(customer.password);
  await card(page).getByRole("button", { name: "Download my data" }).click();
  await expectToast(
    page,
    "We are preparing your data",
    "You can leave this page: we will notify you and send you an e-mail when it is ready.",
  );

  // Prepared in the background; the open page follows it without a reload.
  const ready = card(page).getByTestId("data-export-ready");
  await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(ready).toContainText("Your data is ready.");
  await expect(ready).toContainText("This file includes the passwords you stored with us: keep it somewhere safe.");
  await expect(ready).toContainText(/Available until .+; then the file is deleted\./);
  // One a day: the form is gone, and the page says when the next one can be asked for.
  await expect(card(page).getByRole("button", { name: "Download my data" })).toHaveCount(0);
  await expect(card(page).getByTestId("data-export-next")).toContainText("You can ask for a new export after");
  // The bell heard of it too.
  await page.getByRole("button", { name: /Notifications/ }).click();
  await expect(page.getByText("Your data is ready to download")).toBeVisible();
  await page.keyboard.press("Escape");
  expect(loads()).toBe(0);

  const downloading = page.waitForEvent("download");
  await ready.getByTestId("data-export-download").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readZip(readFileSync((await download.path())!));
  const data = JSON.parse(zip.get("data.json")!.toString("utf8")) as {
    secretsIncluded: boolean;
    profile: { fullName: string; email: string; phone: string; picture: string };
    payments: unknown[];
    messages: unknown[];
  };
  expect(data.secretsIncluded).toBe(true);
  expect(data.profile).toMatchObject({ fullName: "Dana Download", email: customer.email, phone: customer.phone });
  expect(data.profile.picture).toMatch(/^files\/profile\/avatar_\d+_[a-z0-9]+\.png$/);
  expect(zip.get(data.profile.picture)?.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect(data.payments).toEqual([]);
  expect(data.messages).toEqual([]);

  // The link is this customer's alone: another customer gets 404.
  const href = await ready.getByTestId("data-export-download").getAttribute("href");
  const other = await page.context().browser()!.newContext();
  try {
    const stranger = await other.newPage();
    await signUpViaApi(stranger, newCustomer());
    expect((await stranger.request.get(href!)).status()).toBe(404);
  } finally {
    await other.close();
  }
});

test.describe("in Spanish", () => {
  test.use({ locale: "es-ES" });

  test("the 'Your data' card speaks Spanish, from the request to the download", async ({ page }) => {
    const customer = newCustomer();
    await signUpViaApi(page, customer);
    await gotoWithLiveStream(page, "/dashboard/profile");
    await expect(page.getByRole("heading", { name: "Sus datos" })).toBeVisible();
    await expect(
      card(page).getByText(/Obtenga una copia de todo lo que guardamos sobre usted en un archivo ZIP/),
    ).toBeVisible();
    await expect(
      card(page).getByText(/La descarga funciona durante 24 horas, y puede pedir una exportación al día\./),
    ).toBeVisible();
    await expect(card(page).getByLabel("Su contraseña (opcional)")).toBeVisible();
    await card(page).getByLabel("Su contraseña (opcional)").fill("Wr0ng!Password-x");
    await card(page).getByRole("button", { name: "Descargar mis datos" }).click();
    await expectToast(page, "Error", "La contraseña actual es incorrecta");
    await expect(card(page).getByText("La contraseña actual es incorrecta")).toBeVisible();

    await card(page).getByLabel("Su contraseña (opcional)").fill("");
    await card(page).getByRole("button", { name: "Descargar mis datos" }).click();
    await expectToast(
      page,
      "Estamos preparando sus datos",
      "Puede salir de esta página: le avisaremos y le enviaremos un correo cuando esté lista.",
    );
    const ready = card(page).getByTestId("data-export-ready");
    await expect(ready).toBeVisible({ timeout: 30_000 });
    await expect(ready).toContainText("Sus datos están listos.");
    await expect(ready.getByTestId("data-export-download")).toContainText("Descargar ZIP");
    await expect(ready).toContainText(/Disponible hasta el .+; después el archivo se elimina\./);
    await expect(card(page).getByTestId("data-export-next")).toContainText(
      "Puede pedir una nueva exportación después del",
    );
  });
});
