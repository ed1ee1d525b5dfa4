import { expect, type Page, type Request } from "@playwright/test";
import { CLOCK_MARGIN_MS } from "../../app/lib/realtime/recent-changes";
import { E2E_ADMIN, E2E_BASE_URL, newCustomer, sendNotification, test } from "./fixtures";

// Every portal screen loads its data in its one document request. A full page load is counted from the
// navigation until its live-events stream (GET /events, server-sent events: the one request allowed besides the
// document and static files) has been open a while: no `.data` request, /resources/* or /api/* fetch may follow.
// The admin's customer page loads its header and its first tab so; another tab, a page of its own, then costs one
// data request for that tab's route alone (docs/decisions/041).

const CUSTOMER_SCREENS = [
  "/dashboard/progress",
  "/dashboard/google-business",
  "/dashboard/website",
  "/dashboard/credentials",
  "/dashboard/profile",
];
const STATIC_FILES = new Set(["script", "stylesheet", "image", "font", "manifest"]);
const LIVE_STREAM = "/events";
/**
 * Requests that carry no data: the live stream and the favicon. Every route is known from the first page (no
 * `/__manifest` discovery requests, react-router.config.ts), so any other request after the document is a miss.
 */
const ALLOWED_AFTER_DOCUMENT = /^(\/events|\/favicon\.\w+)$/;

interface FullLoad {
  documents: string[];
  dataFetches: string[];
  liveStreams: string[];
  html: string;
}

const pathOf = (request: Request) => {
  const url = new URL(request.url());
  return `${url.pathname}${url.search}`;
};

/** A request that carries data: not the document, a static file, the live stream or the favicon. */
const isDataFetch = (request: Request) =>
  request.resourceType() !== "document" &&
  !STATIC_FILES.has(request.resourceType()) &&
  !ALLOWED_AFTER_DOCUMENT.test(new URL(request.url()).pathname);

async function fullLoad(page: Page, path: string): Promise<FullLoad> {
  const requests: Request[] = [];
  const record = (request: Request) => requests.push(request);
  page.on("request", record);
  const streamOpen = page.waitForResponse(
    (response) => new URL(response.url()).pathname === LIVE_STREAM && response.status() === 200,
  );
  const document = await page.goto(path);
  await streamOpen;
  // A data reload the stream's opening set off (a catch-up after connecting) would come at once: give it time to show.
  await page.waitForTimeout(1_500);
  page.off("request", record);
  return {
    documents: requests.filter((request) => request.resourceType() === "document").map(pathOf),
    liveStreams: requests.filter((request) => new URL(request.url()).pathname === LIVE_STREAM).map(pathOf),
    dataFetches: requests.filter(isDataFetch).map(pathOf),
    html: (await document?.text()) ?? "",
  };
}

function expectOneDocumentRequest(load: FullLoad, path: string, dataInDocument: string) {
  expect(load.documents).toEqual([path]);
  expect(load.dataFetches, "data fetched after the document").toEqual([]);
  expect(load.liveStreams).toHaveLength(1);
  expect(load.liveStreams[0]).toMatch(/^\/events\?since=\d+-\w+$/);
  expect(load.html).toContain(dataInDocument);
}

test("every customer screen and the admin's customer detail load their data in their one document request", async ({
  page,
  browser,
}) => {
  const customer = newCustomer();
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
    headers: { origin: E2E_BASE_URL },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const customerId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const notice = `Counted requests ${customerId.slice(0, 8)}`;
  await sendNotification(page.request, customer.email, { title: notice, message: "One request per screen" });
  // A change this close to a page's data read counts as possibly missed (the instances' clock margin): the stream
  // would then rightly ask for a reload. The pages are loaded once it is older than that.
  await page.waitForTimeout(CLOCK_MARGIN_MS + 500);

  for (const path of CUSTOMER_SCREENS) {
    expectOneDocumentRequest(await fullLoad(page, path), path, notice);
  }

  // The admin, in a browser of their own.
  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    const signIn = await admin.request.post("/api/auth/sign-in/email", {
      data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
      headers: { origin: E2E_BASE_URL },
    });
    expect(signIn.ok(), await signIn.text()).toBeTruthy();
    const detail = `/admin/users/${customerId}`;
    expectOneDocumentRequest(await fullLoad(admin, detail), detail, customer.email);

    // Another tab is a client navigation to its own page: one data request, which loads that tab's route and not the
    // header's (the customer, 'Assigned to', the deletion request and the unread count stay as loaded), and nothing
    // after it.
    const fetched: string[] = [];
    const record = (request: Request) => {
      if (isDataFetch(request)) fetched.push(pathOf(request));
    };
    admin.on("request", record);
    await admin.getByRole("tab", { name: "Notes" }).click();
    await expect(admin.getByRole("tab", { name: "Notes" })).toHaveAttribute("aria-selected", "true");
    await expect(admin.getByText("No notes yet")).toBeVisible();
    await expect(admin).toHaveURL(`${detail}/notes`);
    await admin.waitForTimeout(1_500);
    admin.off("request", record);
    expect(fetched).toHaveLength(1);
    const tabData = new URL(fetched[0]!, E2E_BASE_URL);
    expect(tabData.pathname).toBe(`${detail}/notes.data`);
    const loaded = tabData.searchParams.get("_routes")?.split(",") ?? [];
    expect(loaded).toContain("routes/admin/user-detail/notes");
    expect(loaded).not.toContain("routes/admin/user-detail/layout");
  } finally {
    await adminContext.close();
  }
});

test("a change made between reading the page's data and opening its stream still reaches the page", async ({
  page,
}) => {
  const customer = newCustomer();
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
    headers: { origin: E2E_BASE_URL },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  // Hold the stream back, write a notification meanwhile, then let it open: the server tells the page to reload.
  let releaseStream: () => void = () => {};
  const held = new Promise<void>((resolve) => (releaseStream = resolve));
  await page.route("**/events?*", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/dashboard/progress");
  const title = `Missed meanwhile ${Date.now()}`;
  await sendNotification(page.request, customer.email, { title, message: "Written before the stream opened" });
  const reload = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
  releaseStream();
  await reload;
  await page.getByRole("button", { name: /notifications/i }).click();
  await expect(page.getByText(title)).toBeVisible();
});
