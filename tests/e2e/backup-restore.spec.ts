import { expect } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { newCustomer, test } from "./fixtures";
import { cookieFrom, npmRun, OPS_PORT_BASE, postJson, startApp, type RunningProcess } from "./ops-support";

const PORT = OPS_PORT_BASE + 1;
const ADMIN = { ADMIN_EMAIL: "owner@backup.test", ADMIN_PASSWORD: "Backup-Owner-Password-1!" };

async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await postJson(base, "/api/auth/sign-in/email", { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  return cookieFrom(response);
}

/** Every credential password the customer can reveal (ids read from their credentials page's data). */
async function revealed(base: string, cookie: string): Promise<string[]> {
  const data = await page(base, "/dashboard/credentials.data", cookie);
  const ids = [...new Set(data.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])];
  const values: string[] = [];
  for (const id of ids) {
    const form = new FormData();
    form.set("kind", "credential");
    form.set("id", id);
    form.set("field", "password");
    const response = await fetch(`${base}/resources/secrets/reveal`, {
      method: "POST",
      body: form,
      headers: { cookie, origin: base },
    });
    if (response.status === 200) values.push(((await response.json()) as { value: string }).value);
  }
  return values;
}

async function page(base: string, url: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}${url}`, { headers: { cookie }, redirect: "manual" });
  expect(response.status, `${url}: ${response.headers.get("location") ?? ""}`).toBe(200);
  // When the page's data was read, and by which process (decision 025), is the one part that differs between starts.
  return (await response.text()).replace(/"\d{13}-[0-9a-f]{12}"/g, '"<read at>"');
}

/** The proof file links on a page (thumbnails left out). */
function proofLinks(html: string): string[] {
  return [...new Set(html.match(/\/files\/admin-note-photos\/[A-Za-z0-9._/-]+?\.(?:png|jpg|webp)/g) ?? [])].filter(
    (link) => !link.endsWith(".thumb.webp"),
  );
}

test("a backup taken after a journey, restored into an empty folder, starts with the same customers, payments and files", async () => {
  test.setTimeout(180_000);
  const work = mkdtempSync(path.join(tmpdir(), "e2e-backup-"));
  const original = path.join(work, "data");
  const restored = path.join(work, "restored");
  const archive = path.join(work, "backups", "agency.tar.gz");
  mkdirSync(path.dirname(archive));
  let app: RunningProcess | undefined;
  try {
    // The journey: a customer signs up and sends a Zelle proof; the admin sees it.
    app = await startApp(PORT, original, ADMIN);
    const customer = newCustomer();
    const signUp = await postJson(app.base, "/api/auth/sign-up/email", {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const customerCookie = cookieFrom(signUp);
    const userId = ((await signUp.json()) as { user: { id: string } }).user.id;

    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("serviceType", "google_business");
    form.set("paymentNumber", "1");
    form.set("proof", new File([new Uint8Array(png)], "zelle.png", { type: "image/png" }));
    const upload = await fetch(`${app.base}/resources/payments/proof`, {
      method: "POST",
      body: form,
      headers: { cookie: customerCookie, origin: app.base },
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    // A stored secret, encrypted with the generated credentials key that the archive must carry.
    const secret = `Backup-Secret-${customer.email.slice(6, 14)}`;
    const credentials = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save-card",
      credentialType: "domain",
      title: "Backup Registrar",
      password: secret,
    })) {
      credentials.set(name, value);
    }
    const saved = await fetch(`${app.base}/dashboard/credentials`, {
      method: "POST",
      body: credentials,
      headers: { cookie: customerCookie, origin: app.base },
      redirect: "manual",
    });
    expect(saved.status, await saved.clone().text()).toBeLessThan(400);
    expect(await revealed(app.base, customerCookie)).toContain(secret);

    const adminCookie = await signIn(app.base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    const detailBefore = await page(app.base, `/admin/users/${userId}`, adminCookie);
    const [proof] = proofLinks(detailBefore);
    expect(proof, "the proof's link on the admin's customer page").toBeDefined();
    const servedBefore = Buffer.from(
      await (await fetch(`${app.base}${proof}`, { headers: { cookie: adminCookie } })).arrayBuffer(),
    );
    expect(servedBefore.length).toBeGreaterThan(0);

    // What the customer's page loads: their payment, pending review.
    const customerDataBefore = await page(app.base, "/dashboard/google-business.data", customerCookie);
    expect(customerDataBefore).toContain('"pending"');

    // The backup refuses while the app runs, then is taken with the app stopped.
    const whileRunning = npmRun("backup", [archive], { DATA_DIR: original });
    expect(whileRunning.status, whileRunning.output).toBe(1);
    expect(whileRunning.output).toContain("is in use by another running app");
    expect(existsSync(archive)).toBe(false);
    expect((await app.stop()).code).toBe(0);
    app = undefined;
    const backup = npmRun("backup", [archive], { DATA_DIR: original });
    expect(backup.status, backup.output).toBe(0);
    expect(backup.output).toContain(`to ${archive}`);

    // Restore refuses a folder that holds anything, and while an app runs on the folder.
    mkdirSync(restored);
    writeFileSync(path.join(restored, "stray.txt"), "not empty");
    const nonEmpty = npmRun("restore", [archive], { DATA_DIR: restored });
    expect(nonEmpty.status, nonEmpty.output).toBe(1);
    expect(nonEmpty.output).toContain("is not empty");
    expect(readFileSync(path.join(restored, "stray.txt"), "utf8")).toBe("not empty");
    rmSync(path.join(restored, "stray.txt"));
    writeFileSync(path.join(restored, "app.lock"), String(process.pid));
    const locked = npmRun("restore", [archive], { DATA_DIR: restored });
    expect(locked.status, locked.output).toBe(1);
    expect(locked.output).toContain("is in use by another running app");
    rmSync(path.join(restored, "app.lock"));

    const restore = npmRun("restore", [archive], { DATA_DIR: restored });
    expect(restore.status, restore.output).toBe(0);
    // The generated secrets came back: stored passwords stay readable and sessions stay valid.
    for (const secret of ["credentials-key", "auth-secret"]) {
      expect(readFileSync(path.join(restored, secret), "utf8")).toBe(readFileSync(path.join(original, secret), "utf8"));
    }

    // `npm run secrets:rotate` (the build's copy, plain node) moves the restored secrets to a new key: it can only
    // decrypt them with the archived key.
    const newKey = randomBytes(32).toString("hex");
    const archivedKey = readFileSync(path.join(restored, "credentials-key"), "utf8").trim();
    const rotate = npmRun("secrets:rotate", [], {
      DATA_DIR: restored,
      CREDENTIALS_KEY: newKey,
      CREDENTIALS_PREVIOUS_KEYS: archivedKey,
    });
    expect(rotate.status, rotate.output).toBe(0);
    expect(rotate.output).toMatch(/Re-encrypted [1-9]\d* stored secret\(s\)/);

    // The original folder is gone, as after losing the machine: the restored one alone serves.
    rmSync(original, { recursive: true, force: true });
    app = await startApp(PORT, restored, { ...ADMIN, CREDENTIALS_KEY: newKey });
    expect((await fetch(`${app.base}/readyz`)).status).toBe(200);
    // The session made before the backup still works (the auth secret and the sessions table were restored).
    const stillSignedIn = await page(app.base, "/dashboard/google-business", customerCookie);
    expect(stillSignedIn).toContain(customer.fullName);
    const adminAgain = await signIn(app.base, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(await page(app.base, "/admin/users", adminAgain)).toContain(customer.email);
    const detailAfter = await page(app.base, `/admin/users/${userId}`, adminAgain);
    expect(detailAfter).toContain(customer.fullName);
    expect(proofLinks(detailAfter)).toEqual(proofLinks(detailBefore));
    const served = await fetch(`${app.base}${proof}`, { headers: { cookie: adminAgain } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(servedBefore)).toBe(true);
    // The customer signs in with the same password; their payment is still pending review (the page's data).
    const customerAgain = await signIn(app.base, customer.email, customer.password);
    expect(await page(app.base, "/dashboard/google-business.data", customerAgain)).toBe(customerDataBefore);
    expect(await revealed(app.base, customerAgain)).toContain(secret);
    expect((await app.stop()).code).toBe(0);
    app = undefined;
  } finally {
    await app?.stop("SIGKILL");
    rmSync(work, { recursive: true, force: true });
  }
});
