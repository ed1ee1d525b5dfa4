// Two app processes on one PostgreSQL database and one S3-compatible server (s3rver, here on
// 127.0.0.1), started together: both run the migrations under the start-up advisory lock and only one applies them.
// A customer on instance A sends a Zelle proof, the admin on instance B sees it and approves it, and the customer's
// open page on A unlocks live (B's change travels to A through PostgreSQL LISTEN/NOTIFY).
import { expect, type Page } from "@playwright/test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import { gotoWithLiveStream, newCustomer, test } from "../e2e/fixtures";
import {
  OPS_ADMIN,
  OPS_PORT_BASE,
  PROOF_PNG,
  startApp,
  startPgCluster,
  type AppProcess,
  type PgCluster,
} from "./support";

const [PORT_A, PORT_B, S3_PORT, PG_PORT] = [OPS_PORT_BASE, OPS_PORT_BASE + 1, OPS_PORT_BASE + 2, OPS_PORT_BASE + 3];
const BUCKET = "ops-files";

let cluster: PgCluster;
let s3: S3rver;
let s3Dir: string;
let dataDir: string;
let a: AppProcess;
let b: AppProcess;
let databaseUrl: string;

test.beforeAll(async () => {
  cluster = startPgCluster(PG_PORT);
  databaseUrl = await cluster.createDatabase("two_instances");
  s3Dir = mkdtempSync(path.join(tmpdir(), "ops-s3-"));
  s3 = new S3rver({
    port: S3_PORT,
    address: "127.0.0.1",
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-two-"));
  const shared = {
    DATABASE_URL: databaseUrl,
    STORAGE_S3_BUCKET: BUCKET,
    STORAGE_S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
    STORAGE_S3_REGION: "us-east-1",
    STORAGE_S3_ACCESS_KEY_ID: "S3RVER",
    STORAGE_S3_SECRET_ACCESS_KEY: "S3RVER",
    STORAGE_S3_FORCE_PATH_STYLE: "1",
  };
  // Started together, each with a data folder of its own (nothing is shared through it).
  [a, b] = await Promise.all([
    startApp(PORT_A, { ...shared, DATA_DIR: path.join(dataDir, "a") }),
    startApp(PORT_B, { ...shared, DATA_DIR: path.join(dataDir, "b") }),
  ]);
});

test.afterAll(async () => {
  await Promise.all([a?.kill("SIGTERM"), b?.kill("SIGTERM")]);
  await s3?.close();
  cluster?.destroy();
  for (const dir of [s3Dir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test("both instances migrate at start-up under the advisory lock: one applies the migrations, the other finds them applied", async () => {
  const applied = [a, b].map((app) => Number(/Database migrations: (\d+) applied/.exec(app.output())?.[1]));
  const migrations = readdirSync("db/migrations").filter((file) => file.endsWith(".sql")).length;
  expect(applied.sort()).toEqual([0, migrations]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const recorded = await client.query(
    "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
  );
  const admins = await client.query("select count(*)::int as n from profiles where email = $1", [OPS_ADMIN.email]);
  await client.end();
  expect(recorded.rows[0]).toEqual({ n: migrations, distinct: migrations });
  // The start-up admin was made once, by whichever instance came first.
  expect(admins.rows[0].n).toBe(1);
  expect(`${a.output()}${b.output()}`).toMatch(/Admin account admin@ops\.test: created/);
});

test("a proof sent on instance A is approved on instance B, and the customer's open page on A unlocks live", async ({
  browser,
}) => {
  const customer = newCustomer();
  const customerPage = await (await browser.newContext()).newPage();
  const signUp = await customerPage.request.post(`${a.url}/api/auth/sign-up/email`, {
    data: {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    },
    headers: { origin: a.url },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const { user } = (await (await customerPage.request.get(`${a.url}/resources/session`)).json()) as {
    user: { id: string };
  };
  const proof = await customerPage.request.post(`${a.url}/resources/payments/proof`, {
    multipart: {
      serviceType: "google_business",
      paymentNumber: "1",
      proof: { name: "proof.png", mimeType: "image/png", buffer: PROOF_PNG },
    },
    headers: { origin: a.url },
  });
  expect(proof.status(), await proof.text()).toBe(200);
  await gotoWithLiveStream(customerPage, `${a.url}/dashboard/google-business`);
  await expect(customerPage.getByText("Payment Pending Review")).toBeVisible();
  let loads = 0;
  customerPage.on("load", () => (loads += 1));

  // The proof is in the shared bucket, not in A's data folder.
  expect(
    readdirSync(path.join(s3Dir, BUCKET), { recursive: true }).some((name) => String(name).includes(user.id)),
  ).toBe(true);

  const admin: Page = await (await browser.newContext()).newPage();
  await admin.goto(`${b.url}/admin/login`);
  await admin.getByLabel("Email").fill(OPS_ADMIN.email);
  await admin.getByLabel("Password").fill(OPS_ADMIN.password);
  await admin.getByRole("button", { name: "Login" }).click();
  await expect(admin).toHaveURL(`${b.url}/admin/dashboard`);
  await admin.goto(`${b.url}/admin/users/${user.id}`);
  // B serves the proof A stored: the picture loads from the shared bucket through B's files route.
  const picture = admin.locator(`img[src^="/files/admin-note-photos/${user.id}/"]`).first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await admin.getByRole("button", { name: "Approve Payment" }).click();

  await expect(customerPage.getByRole("heading", { name: "Gmail Credentials" })).toBeVisible({ timeout: 5000 });
  await expect(customerPage.getByText("Payment Pending Review")).toHaveCount(0);
  expect(loads).toBe(0);
});
