import { expect, type Browser, type Page } from "@playwright/test";
import {
  customerIn,
  E2E_ADMIN,
  expectNoAxeViolations,
  expectToast,
  gotoWithLiveStream,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
  LIVE_UPDATE_MS,
  type Customer,
} from "./fixtures";
import { payByCard, PROOF_PNG } from "./payments-support";

const image = (name: string) => ({ name, mimeType: "image/png", buffer: PROOF_PNG });

/** Nothing wider than the viewport: the page works at 375 px without sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

/** A customer in a phone-sized browser of their own who paid the service (the first payment of the website). */
async function paidCustomer(browser: Browser, service: "google_business" | "website") {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  const customer = await customerIn(
    page,
    service === "website" ? { paidFirstOf: ["website"] } : { paid: ["google_business"] },
  );
  return { page, userId: customer.id, customer };
}

/** An admin in a browser of their own on the customer's page, at one of its tabs. */
async function adminOnTab(browser: Browser, userId: string, tab: "Google Business" | "Web Site"): Promise<Page> {
  const page = await signedInAdmin(browser, { acceptDownloads: true });
  await gotoWithLiveStream(page, `/admin/users/${userId}`);
  await page.getByRole("tab", { name: tab }).click();
  return page;
}

/** Picks a colour by clicking its swatch's label, as a pointer user does (the radio itself is visually hidden). */
async function pickColor(page: Page, name: string): Promise<void> {
  await page.getByRole("group", { name: "Primary Color" }).getByText(name, { exact: true }).click();
  await expect(page.getByRole("radio", { name, exact: true })).toBeChecked();
}

function confirmDialog(page: Page) {
  return page.getByRole("dialog", { name: "Confirm Submission" });
}

test.describe.configure({ timeout: 120_000 });

test("Google Business: a paid customer fills the form with a logo and two photos; the admin sees it live and downloads the logo", async ({
  browser,
}) => {
  const { page, userId } = await paidCustomer(browser, "google_business");
  const admin = await adminOnTab(browser, userId, "Google Business");
  const adminColumn = admin.getByTestId("admin-google-business-info");
  await expect(adminColumn.getByText("No information submitted yet")).toBeVisible();

  await gotoWithLiveStream(page, "/dashboard/google-business");
  await expect(page.getByRole("heading", { name: "Gmail Credentials" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The info dialogs.
  await page.getByRole("button", { name: "Why Gmail?" }).click();
  await expect(page.getByRole("dialog", { name: "Gmail Credentials" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "How we use it" }).click();
  await expect(page.getByRole("dialog", { name: "How We Use Your Account" })).toBeVisible();
  await page.keyboard.press("Escape");

  // An empty submit: the first error in a 'Validation Error' toast, each beside its field.
  await page.getByRole("button", { name: "Submit Information" }).click();
  await expectToast(page, "Validation Error", "Invalid email address");
  await expect(page.getByText("Gmail password is required")).toBeVisible();
  await expect(page.getByLabel("ZIP Code")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Gmail Email").fill("ana.business@gmail.com");
  await page.getByLabel("Gmail Password").fill("Gmail-Pass-e2e");
  await page.getByLabel("Logo").setInputFiles(image("logo.png"));
  await expect(page.getByRole("img", { name: "Logo preview" })).toBeVisible();
  await page.getByLabel("Legal Business Name").fill("Ruiz Roofing LLC");
  await page.getByLabel("Type of Service").fill("Roofing");
  const today = await page.getByLabel("Opening Date").getAttribute("max");
  expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await page.getByLabel("Opening Date").fill("2016-04-02");
  await page.getByLabel("Phone Number").pressSequentially("5551234567");
  await expect(page.getByLabel("Phone Number")).toHaveValue("(555) 123-4567");
  await page.getByLabel("Website").fill("https://ruiz.example.com");
  await page.getByLabel("Facebook").fill("https://facebook.com/ruiz");
  await page.getByLabel("Street Address").fill("1 Main St");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Miami");
  await page.getByLabel("State").selectOption("FL");
  await page.getByLabel("ZIP Code").fill("33101");
  const city = page.getByRole("textbox", { name: "Service City" });
  await city.fill(" Miami ");
  await city.press("Enter");
  await city.fill("miami");
  await page.getByRole("button", { name: "Add service city" }).click();
  await city.fill("Doral");
  await city.press("Enter");
  await expect(page.getByRole("list", { name: "Service City" }).getByRole("listitem")).toHaveText(["Miami", "Doral"]);
  await page.locator('input[type="file"][multiple]').setInputFiles([image("one.png"), image("two.png")]);
  await expect(page.getByRole("img", { name: /^New photo/ })).toHaveCount(2);
  await expectNoSidewaysScroll(page);

  await page.getByRole("button", { name: "Submit Information" }).click();
  await expect(confirmDialog(page)).toBeVisible();
  await confirmDialog(page).getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Your information has been saved successfully");
  await expect(page.getByRole("button", { name: "Edit Information" })).toBeVisible();
  await expect(page.getByText("Ruiz Roofing LLC")).toBeVisible();
  await expectNoAxeViolations(page);

  // The admin's open tab shows the values and the files without a reload.
  await expect(adminColumn.getByText("Ruiz Roofing LLC")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(adminColumn.getByText("ana.business@gmail.com")).toBeVisible();
  await expect(adminColumn.getByRole("img", { name: /^Photo \d \(open full size\)/ })).toHaveCount(2);
  await expect(adminColumn.getByRole("img", { name: "Logo (open full size)" })).toBeVisible();
  const download = admin.waitForEvent("download");
  await adminColumn.getByRole("link", { name: "Download logo" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.png$/);
  expect((await file.createReadStream()).readable).toBe(true);
  // The masked password, revealed on request.
  await adminColumn.getByRole("button", { name: "Show Gmail password" }).click();
  await expect(adminColumn.getByTestId("revealed-secret")).toHaveText("Gmail-Pass-e2e");

  // Edit, change, Cancel: the saved values are back.
  await page.getByRole("button", { name: "Edit Information" }).click();
  await page.getByLabel("Legal Business Name").fill("Something Else");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Ruiz Roofing LLC")).toBeVisible();
  await expect(page.getByText("Something Else")).toHaveCount(0);

  // Edit, change, remove a photo, save: the admin sees the change live.
  await page.getByRole("button", { name: "Edit Information" }).click();
  await expect(page.getByLabel("Legal Business Name")).toHaveValue("Ruiz Roofing LLC");
  await page.getByLabel("Legal Business Name").fill("Ruiz Roofing Inc");
  await page.getByRole("button", { name: "Remove saved photo 2" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await confirmDialog(page).getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Your information has been saved successfully");
  await expect(page.getByText("Ruiz Roofing Inc")).toBeVisible();
  await expect(adminColumn.getByText("Ruiz Roofing Inc")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(adminColumn.getByRole("img", { name: /^Photo/ })).toHaveCount(1);
});

test("Google Business: too many photos are refused in the browser with the limit's toast", async ({ browser }) => {
  const { page } = await paidCustomer(browser, "google_business");
  await page.goto("/dashboard/google-business");
  const photos = page.locator('input[type="file"][multiple]');
  await photos.setInputFiles(Array.from({ length: 7 }, (_, i) => image(`p${i}.png`)));
  await expectToast(page, "Too many photos", "You can only upload 6 more photo(s)");
  await expect(page.getByRole("img", { name: /^New photo/ })).toHaveCount(0);
});

test("Website: colour, domain box (unticking clears it), logo and founder photo; the admin sees it live", async ({
  browser,
}) => {
  const { page, userId } = await paidCustomer(browser, "website");
  const admin = await adminOnTab(browser, userId, "Web Site");
  const adminColumn = admin.getByTestId("admin-website-info");
  await expect(adminColumn.getByText("No information submitted yet")).toBeVisible();

  await gotoWithLiveStream(page, "/dashboard/website");
  await expect(page.getByText("First payment completed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Domain & Hosting" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);

  // The domain box reveals three fields; unticking and ticking again clears them.
  const domainBox = page.getByLabel("I already have a domain");
  await domainBox.check();
  await page.getByLabel("Domain Provider").fill("GoDaddy");
  await page.getByLabel("Domain Username").fill("ana-domains");
  await page.getByLabel("Domain Password").fill("Domain-Pass-1");
  await domainBox.uncheck();
  await expect(page.getByLabel("Domain Provider")).toHaveCount(0);
  await domainBox.check();
  await expect(page.getByLabel("Domain Provider")).toHaveValue("");
  await expect(page.getByLabel("Domain Username")).toHaveValue("");
  await expect(page.getByLabel("Domain Password")).toHaveValue("");
  await page.getByLabel("Domain Provider").fill("Namecheap");
  await page.getByLabel("Domain Username").fill("ana-names");
  await page.getByLabel("Domain Password").fill("Domain-Pass-2");

  // The colours are a radio group the keyboard can use.
  await pickColor(page, "Blue");
  await page.getByRole("radio", { name: "Blue", exact: true }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("radio", { name: "Navy" })).toBeChecked();
  await expect(page.getByText("Selected: Navy (#1E3A8A)")).toBeVisible();

  await page.getByLabel("Logo").setInputFiles(image("logo.png"));
  await page.getByLabel("Founder Photo").setInputFiles(image("founder.png"));
  await expect(page.getByRole("img", { name: "Founder Photo preview" })).toBeVisible();

  // An empty list of service types: the website form's rule.
  await page.getByLabel("Legal Business Name").fill("Ruiz Roofing LLC");
  await page.getByLabel("Phone Number").fill("(555) 987-6543");
  await page.getByRole("button", { name: "Submit Information" }).click();
  await expectToast(page, "Validation Error", "At least one service type is required");

  await page.getByRole("textbox", { name: "Service Type" }).fill("Roof repair");
  await page.getByRole("textbox", { name: "Service Type" }).press("Enter");
  await page.getByRole("textbox", { name: "Service City" }).fill("Miami");
  await page.getByRole("textbox", { name: "Service City" }).press("Enter");
  await page.getByLabel("Street Address").fill("1 Main St");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Miami");
  await page.getByLabel("State").selectOption("FL");
  await page.getByLabel("ZIP Code").fill("33101");
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Submit Information" }).click();
  await confirmDialog(page).getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Website information submitted successfully");
  await expect(page.getByRole("button", { name: "Edit Information" })).toBeVisible();
  await expectNoAxeViolations(page);

  await expect(adminColumn.getByText("Ruiz Roofing LLC")).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(adminColumn.getByText("Navy (#1E3A8A)")).toBeVisible();
  await expect(adminColumn.getByText("Namecheap")).toBeVisible();
  await expect(adminColumn.getByText("ana-names")).toBeVisible();
  await expect(adminColumn.getByText("Domain-Pass-2")).toHaveCount(0);
  await expect(adminColumn.getByRole("img", { name: "Founder photo (open full size)" })).toBeVisible();
  const download = admin.waitForEvent("download");
  await adminColumn.getByRole("link", { name: "Download logo" }).click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);

  // Edit and Cancel: unchanged. Edit and save: the admin sees the new colour.
  await page.getByRole("button", { name: "Edit Information" }).click();
  await pickColor(page, "Teal");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Navy (#1E3A8A)")).toBeVisible();
  await page.getByRole("button", { name: "Edit Information" }).click();
  await expect(page.getByRole("radio", { name: "Navy" })).toBeChecked();
  await pickColor(page, "Teal");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await confirmDialog(page).getByRole("button", { name: "Confirm" }).click();
  await expectToast(page, "Website information submitted successfully");
  await expect(adminColumn.getByText("Teal (#14B8A6)")).toBeVisible({ timeout: LIVE_UPDATE_MS });
});

/**
 * A signed-up customer in a browser of their own (language, width) whose first payment of each service is paid by
 * card, through the checkout and the card provider's webhook.
 */
async function customerPaidByCard(
  browser: Browser,
  services: "google_business" | "website" | ("google_business" | "website")[],
  options: { locale?: string; width?: number } = {},
): Promise<{ page: Page; customer: Customer }> {
  const customer = newCustomer();
  const page = await (
    await browser.newContext({
      locale: options.locale ?? "en-US",
      viewport: { width: options.width ?? 1280, height: 900 },
    })
  ).newPage();
  await signUpViaApi(page, customer);
  for (const service of [services].flat()) await payByCard(page.request, customer.email, service, 1);
  return { page, customer };
}

const GOOGLE = {
  en: {
    locale: "en-US",
    gmail: "Gmail Email",
    gmailPassword: "Gmail Password",
    legalName: "Legal Business Name",
    serviceType: "Type of Service",
    openingDate: "Opening Date",
    phone: "Phone Number",
    address: "Street Address",
    city: "City",
    state: "State",
    zip: "ZIP Code",
    serviceCity: "Service City",
    add: "Add service city",
    submit: "Submit Information",
    confirm: "Confirm",
    saved: "Your information has been saved successfully",
    cityRequired: "At least one service city is required",
  },
  es: {
    locale: "es-ES",
    gmail: "Correo de Gmail",
    gmailPassword: "Contraseña de Gmail",
    legalName: "Nombre legal del negocio",
    serviceType: "Tipo de servicio",
    openingDate: "Fecha de apertura",
    phone: "Número de teléfono",
    address: "Dirección",
    city: "Ciudad",
    state: "Estado",
    zip: "Código postal",
    serviceCity: "Ciudad de servicio",
    add: /^Agregar/,
    submit: "Enviar información",
    confirm: "Confirmar",
    saved: "Su información se guardó con éxito",
    cityRequired: "Se requiere al menos una ciudad de servicio",
  },
} as const;
type Language = keyof typeof GOOGLE;

/** Fills the Google form's required fields but the service cities. */
async function fillGoogleForm(page: Page, language: Language): Promise<void> {
  const text = GOOGLE[language];
  await page.getByLabel(text.gmail).fill("casey.business@gmail.com");
  await page.getByLabel(text.gmailPassword).fill("Gmail-Pass-e2e");
  await page.getByLabel(text.legalName).fill("Casey Cleaning LLC");
  await page.getByLabel(text.serviceType).fill("Cleaning");
  await page.getByLabel(text.openingDate).fill("2016-04-02");
  await page.getByLabel(text.phone).fill("(555) 123-4567");
  await page.getByRole("textbox", { name: text.address, exact: true }).fill("1 Main St");
  await page.getByRole("textbox", { name: text.city, exact: true }).fill("Miami");
  await page.getByRole("combobox", { name: text.state }).selectOption("FL");
  await page.getByLabel(text.zip).fill("33101");
}

for (const language of ["en", "es"] as const) {
  test(`list input (${language}): a city typed but not added is sent; the list's error goes once it is fixed`, async ({
    browser,
  }) => {
    const text = GOOGLE[language];
    const { page } = await customerPaidByCard(browser, "google_business", { locale: text.locale });
    await page.goto("/dashboard/google-business");
    await fillGoogleForm(page, language);

    // No city: the list's error shows; adding one takes it away without another submit.
    await page.getByRole("button", { name: text.submit }).click();
    const city = page.getByRole("textbox", { name: text.serviceCity });
    await expect(page.getByText(text.cityRequired, { exact: true }).last()).toBeVisible();
    await expect(city).toHaveAttribute("aria-invalid", "true");
    await city.fill("Doral");
    await page.getByRole("button", { name: text.add }).click();
    await expect(city).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("p", { hasText: text.cityRequired })).toHaveCount(0);

    // A second city typed and never added goes with the submit.
    await city.fill("Hialeah");
    await page.getByRole("button", { name: text.submit }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, text.saved);
    await expect(page.getByText("Hialeah", { exact: true })).toBeVisible();
    await expect(page.getByText("Doral", { exact: true })).toBeVisible();
    await page.context().close();
  });
}

const PREFILL = {
  en: {
    fromSignUp: "Your business name and phone number are filled in from your sign-up. Check them before you submit.",
    fromGoogle: "Filled in from your Google Business Profile information. Check each field before you submit.",
    chooseState: "Choose a state",
    logo: "Logo",
    websiteSaved: "Website information submitted successfully",
    understand: "I Understand",
    googleCard: "Google Business",
    fromForm: "From your Google Business Profile information",
  },
  es: {
    fromSignUp: "El nombre de su negocio y su teléfono vienen de su registro. Revíselos antes de enviar.",
    fromGoogle: "Completado con la información de su Perfil de Google Business. Revise cada campo antes de enviar.",
    chooseState: "Elija un estado",
    logo: "Logotipo",
    websiteSaved: "Información del sitio web enviada con éxito",
    understand: "Entiendo",
    googleCard: "Google Business",
    fromForm: "De la información de su Perfil de Google Business",
  },
} as const;

for (const language of ["en", "es"] as const) {
  test(`nothing typed twice (${language}): the Google form starts from the sign-up, the website form from the Google one (logo too), and the Credentials card shows the Gmail address`, async ({
    browser,
  }) => {
    const text = GOOGLE[language];
    const more = PREFILL[language];
    const { page, customer } = await customerPaidByCard(browser, ["google_business", "website"], {
      locale: text.locale,
    });
    // Both next steps say 'fill in the form'; on a phone their buttons wrap instead of running off the side.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/dashboard/progress");
    await expect(page.getByTestId("next-step-website")).toHaveAttribute("data-state", "send-information");
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The Google form: company and phone from the sign-up, said so; the state is a select of the 50 states and DC.
    await page.goto("/dashboard/google-business");
    await expect(page.getByTestId("prefill-note")).toHaveText(more.fromSignUp);
    await expect(page.getByLabel(text.legalName)).toHaveValue(customer.companyName);
    await expect(page.getByLabel(text.phone)).toHaveValue(customer.phone);
    const state = page.getByRole("combobox", { name: text.state });
    await expect(state.locator("option")).toHaveCount(52);
    await expect(state.locator("option").first()).toHaveText(more.chooseState);
    await expect(state).toHaveValue("");
    await fillGoogleForm(page, language);
    await page.getByLabel(more.logo, { exact: true }).setInputFiles(image("brand.png"));
    const city = page.getByRole("textbox", { name: text.serviceCity });
    await city.fill("Doral");
    await city.press("Enter");
    await page.getByRole("button", { name: text.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, text.saved);

    // The website form: everything both forms ask for, from the Google form, the logo included; nothing to retype.
    await page.goto("/dashboard/website");
    await expect(page.getByTestId("prefill-note")).toHaveText(more.fromGoogle);
    await expect(page.getByLabel(text.legalName)).toHaveValue("Casey Cleaning LLC");
    await expect(page.getByLabel(text.phone)).toHaveValue("(555) 123-4567");
    await expect(page.getByRole("textbox", { name: text.address, exact: true })).toHaveValue("1 Main St");
    await expect(page.getByRole("textbox", { name: text.city, exact: true })).toHaveValue("Miami");
    await expect(page.getByRole("combobox", { name: text.state })).toHaveValue("FL");
    await expect(page.getByLabel(text.zip)).toHaveValue("33101");
    await expect(page.getByText("Doral", { exact: true })).toBeVisible();
    await expect(page.getByText("Cleaning", { exact: true })).toBeVisible();
    await expect(page.getByText(/logo\.(png|jpeg|webp)/)).toBeVisible();
    await page.getByRole("button", { name: text.submit }).click();
    await page.getByRole("dialog").getByRole("button", { name: text.confirm, exact: true }).click();
    await expectToast(page, more.websiteSaved);
    await expect(page.getByRole("list", { name: more.logo }).getByRole("img")).toBeVisible();

    // The Credentials page's Google Business card shows the Gmail address given in the Google form, and says so.
    await page.goto("/dashboard/credentials");
    await page.getByRole("button", { name: more.understand }).click();
    const card = page.getByRole("region", { name: more.googleCard, exact: true });
    await expect(card).toContainText("casey.business@gmail.com");
    await expect(card).toContainText(more.fromForm);
    await page.context().close();
  });
}

test("read-only views show an empty value as a dash; a long Gmail address wraps without sideways scroll; a note's missing fields each say what they miss", async ({
  browser,
}) => {
  const { page, customer } = await customerPaidByCard(browser, "google_business", { width: 390 });
  await page.goto("/dashboard/google-business");
  await fillGoogleForm(page, "en");
  const longGmail = "a.really.long.business.owner.address.for.cleaning@gmail.com";
  await page.getByLabel(GOOGLE.en.gmail).fill(longGmail);
  const city = page.getByRole("textbox", { name: GOOGLE.en.serviceCity });
  await city.fill("Doral");
  await city.press("Enter");
  await page.getByRole("button", { name: GOOGLE.en.submit }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm", exact: true }).click();
  await expectToast(page, GOOGLE.en.saved);

  // Empty social links, website and apt/suite: each a dash, none left blank.
  for (const label of ["Facebook", "Instagram", "LinkedIn", "Website", "Apt/Suite"]) {
    const value = page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`, "i") }) })
      .locator("dd");
    await expect(value, label).toHaveText(/^—/);
  }
  const gmail = page.locator("dd", { hasText: longGmail });
  await expect(gmail).toBeVisible();
  expect(await gmail.evaluate((element) => getComputedStyle(element).wordBreak)).not.toBe("break-all");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/forms-read-only-390.png", fullPage: true });

  // The admin's note: one message per empty field, not the same sentence under both.
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  expect(customer.email).toContain("@");
  const admin = await (await browser.newContext()).newPage();
  await admin.goto("/admin/login");
  await admin.getByLabel("Email").fill(E2E_ADMIN.email);
  await admin.getByLabel("Password").fill(E2E_ADMIN.password);
  await admin.getByRole("button", { name: "Login" }).click();
  await expect(admin).toHaveURL("/admin/dashboard", { timeout: 20_000 });
  await admin.goto(`/admin/users/${user.id}`);
  await admin.getByRole("tab", { name: "Notes" }).click();
  await admin.getByRole("button", { name: "Add Note" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Note" });
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("Title is required");
  await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("Description is required");
  await expect(dialog.getByText("Title and description are required")).toHaveCount(0);
  await dialog.getByLabel("Title").fill("Kick-off call");
  await dialog.getByRole("button", { name: "Create Note" }).click();
  await expect(dialog.getByLabel("Title")).not.toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("Description is required");
});
