import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  E2E_BASE_URL,
  expectNoAxeViolations,
  gotoWithLiveStream,
  LIVE_UPDATE_MS,
  newCustomer,
  signedInAdmin,
  signUpViaApi,
  test,
} from "./fixtures";

const thread = (page: Page) => page.getByRole("log");
const composer = (page: Page) => page.getByRole("textbox", { name: "Message" });
const fileInput = (page: Page) => page.locator('input[type="file"]');
const messagesNav = (page: Page) => page.getByRole("navigation").getByRole("link", { name: /^Messages/ });

test("a customer sends a photo, the admin's open tab and work queue show it live, the answer reaches the customer's open page, and the admin sees 'Seen'", async ({
  browser,
}) => {
  const customerPage = await (await browser.newContext()).newPage();
  const customer = newCustomer();
  await signUpViaApi(customerPage, customer);
  const { user } = (await (await customerPage.request.get("/resources/session")).json()) as { user: { id: string } };

  await gotoWithLiveStream(customerPage, "/dashboard/messages");
  await expect(customerPage.getByText("No messages yet")).toBeVisible();
  await expect(customerPage.getByText("Our team answers within one business day.")).toBeVisible();

  const admin = await signedInAdmin(browser);
  await gotoWithLiveStream(admin, `/admin/users/${user.id}/messages`);
  await expect(admin.getByRole("tab", { name: "Messages", selected: true })).toBeVisible();
  await expect(admin.getByText("No messages yet")).toBeVisible();
  const queue = await admin.context().newPage();
  await gotoWithLiveStream(queue, "/admin/dashboard");

  // A text file named .png is refused by its content as it is picked, named, and left out; what was typed stays.
  await composer(customerPage).fill("Here is our logo");
  await fileInput(customerPage).setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("not an image at all"),
  });
  await expect(
    customerPage
      .getByRole("alert")
      .filter({ hasText: '"logo.png" was not attached: Attach JPEG, PNG or WebP images or PDF files only' }),
  ).toBeVisible();
  await expect(customerPage.getByRole("list", { name: "Files to send" })).toHaveCount(0);
  await expect(composer(customerPage)).toHaveValue("Here is our logo");

  // The real photo, sent with Enter (Shift+Enter wrote a new line first).
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  await fileInput(customerPage).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
  await composer(customerPage).press("Shift+Enter");
  await composer(customerPage).pressSequentially("Blue, please.");
  await composer(customerPage).press("Enter");
  await expect(composer(customerPage)).toHaveValue("");
  const sent = thread(customerPage).getByTestId("message").filter({ hasText: "Blue, please." });
  await expect(sent).toContainText("You");
  await expect(sent.getByRole("img", { name: "logo.png (open full size)" })).toBeVisible();

  // The admin's open tab and the work queue have it without a reload.
  const received = thread(admin).getByTestId("message").filter({ hasText: "Here is our logo" });
  await expect(received).toBeVisible({ timeout: LIVE_UPDATE_MS });
  await expect(received.getByRole("img", { name: "logo.png (open full size)" })).toBeVisible();
  await expectNoAxeViolations(customerPage);
  await expectNoAxeViolations(admin);
  await expect(queue.getByTestId("queue-messages").getByRole("link", { name: customer.fullName })).toBeVisible({
    timeout: LIVE_UPDATE_MS,
  });

  // The customer is elsewhere in the portal when the answer comes: the bell and the navigation count show it live.
  await gotoWithLiveStream(customerPage, "/dashboard/progress");
  await composer(admin).fill("Thanks! We will use it.");
  await admin.getByRole("button", { name: "Send", exact: true }).click();
  await expect(composer(admin)).toHaveValue("");
  await expect(messagesNav(customerPage)).toHaveAccessibleName("Messages 1 unread", { timeout: LIVE_UPDATE_MS });
  await expect(customerPage.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
  await expect(queue.getByTestId("queue-messages").getByRole("link", { name: customer.fullName })).toHaveCount(0, {
    timeout: LIVE_UPDATE_MS,
  });

  // Reading it clears the count and the bell, and the admin's open tab says 'Seen' under the answer.
  await messagesNav(customerPage).click();
  await expect(
    thread(customerPage).getByTestId("message").filter({ hasText: "Thanks! We will use it." }),
  ).toBeVisible();
  await expect(messagesNav(customerPage)).toHaveAccessibleName("Messages");
  await expect(customerPage.getByRole("button", { name: "Notifications" })).toBeVisible();
  const answer = thread(admin).getByTestId("message").filter({ hasText: "Thanks! We will use it." });
  await expect(answer.getByText("Seen", { exact: true })).toBeVisible({ timeout: LIVE_UPDATE_MS });

  // With the thread open, the next answer appears in it live.
  await composer(admin).fill("The first draft is ready.");
  await admin.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    thread(customerPage).getByTestId("message").filter({ hasText: "The first draft is ready." }),
  ).toBeVisible({ timeout: LIVE_UPDATE_MS });
});

test("in Spanish: the empty conversation, the composer and the refusal speak Spanish; the admin list marks the unread message", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ locale: "es-ES" })).newPage();
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  await page.goto("/dashboard/messages");
  await expect(page.getByRole("heading", { name: "Mensajes" })).toBeVisible();
  await expect(page.getByText("Aún no hay mensajes")).toBeVisible();
  await expect(page.getByText("Nuestro equipo responde en un día hábil.")).toBeVisible();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Escriba un mensaje o adjunte un archivo" })).toBeVisible();
  await page.getByRole("textbox", { name: "Mensaje" }).fill("Hola, ¿cuándo empiezan?");
  await page.getByRole("textbox", { name: "Mensaje" }).press("Enter");
  await expect(
    page.getByRole("log").getByTestId("message").filter({ hasText: "Hola, ¿cuándo empiezan?" }),
  ).toContainText("Usted");

  const admin = await signedInAdmin(browser);
  await admin.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
  await expect(admin.getByTestId("unread-messages")).toHaveText("1 unread");
  await admin.getByTestId("unread-messages").click();
  await expect(admin.getByRole("tab", { name: "Messages", selected: true })).toBeVisible();
  await expect(
    admin.getByRole("log").getByTestId("message").filter({ hasText: "Hola, ¿cuándo empiezan?" }),
  ).toBeVisible();
});

test("a long conversation opens on its newest 50 messages; 'Load earlier messages' adds the older ones above, in both languages", async ({
  browser,
}) => {
  // Two people's pages, each loading and paging back a long thread: under the whole suite's load this takes more than 90 s.
  test.setTimeout(180_000);
  const page = await (await browser.newContext()).newPage();
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  const { user } = (await (await page.request.get("/resources/session")).json()) as { user: { id: string } };
  const seeded = await page.request.post("/__test/messages/seed", {
    data: { email: customer.email, count: 60, text: "Old note" },
  });
  expect(seeded.status()).toBe(201);
  const messages = thread(page).getByTestId("message");

  await page.goto("/dashboard/messages");
  await expect(messages).toHaveCount(50);
  await expect(messages.first()).toContainText("Old note 11");
  await expect(messages.last()).toContainText("Old note 60");
  await expect(thread(page).getByText("Old note 10", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Load earlier messages" }).click();
  await expect(messages).toHaveCount(60);
  await expect(messages.first()).toContainText("Old note 1");
  await expect(messages.nth(10)).toContainText("Old note 11");
  await expect(page.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
  // A message sent now joins the bottom; the earlier ones stay.
  await composer(page).fill("And a new one");
  await composer(page).press("Enter");
  await expect(messages).toHaveCount(61);
  await expect(messages.last()).toContainText("And a new one");
  await expect(messages.first()).toContainText("Old note 1");

  // The admin's tab pages back the same way, in the admin's language.
  const admin = await signedInAdmin(browser);
  await admin.context().addCookies([{ name: "lang", value: "es", url: E2E_BASE_URL }]);
  // Through an address that names the tab in ?tab= (as e-mails already sent do): on to the tab's own path.
  await admin.goto(`/admin/users/${user.id}?tab=messages`);
  await expect(admin).toHaveURL(`/admin/users/${user.id}/messages`);
  const adminMessages = thread(admin).getByTestId("message");
  await expect(adminMessages).toHaveCount(50);
  await expect(adminMessages.first()).toContainText("Old note 12");
  await admin.getByRole("button", { name: "Cargar mensajes anteriores" }).click();
  await expect(adminMessages).toHaveCount(61);
  await expect(adminMessages.first()).toContainText("Old note 1");
});

test("earlier messages still load when a live change reloads the page meanwhile (a message sent from another tab)", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const customer = newCustomer();
  await signUpViaApi(page, customer);
  const seeded = await page.request.post("/__test/messages/seed", {
    data: { email: customer.email, count: 55, text: "Old note" },
  });
  expect(seeded.status()).toBe(201);
  const messages = thread(page).getByTestId("message");
  await gotoWithLiveStream(page, "/dashboard/messages");
  await expect(messages).toHaveCount(50);

  // The earlier page (and React Router's lookup of its route, were routes discovered as they are used) is held
  // until the page reloads its data for a change heard on its live stream, which reloads every fetcher's too. A
  // fetcher whose route was still being looked up was matched to the 404 page then, and the thread vanished.
  let releaseEarlier!: () => void;
  const earlierHeld = new Promise<void>((resolve) => (releaseEarlier = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/resources/messages/") || url.pathname === "/__manifest",
    async (route) => {
      await earlierHeld;
      await route.continue();
    },
  );
  await page.getByRole("button", { name: "Load earlier messages" }).click();
  const reloaded = page.waitForRequest(
    (request) => request.method() === "GET" && new URL(request.url()).pathname === "/dashboard/messages.data",
  );
  const otherTab = await context.newPage();
  await otherTab.goto("/dashboard/messages");
  await composer(otherTab).fill("Sent from another tab");
  await composer(otherTab).press("Enter");
  await reloaded;
  releaseEarlier();
  await expect(messages).toHaveCount(56);
  await expect(messages.last()).toContainText("Sent from another tab");
  await expect(messages.first()).toContainText("Old note 1");
  await expect(page.getByRole("button", { name: "Load earlier messages" })).toHaveCount(0);
});
