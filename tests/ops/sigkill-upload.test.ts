// A SIGKILL in the middle of a proof upload leaves no payment without its file and no file without
// its payment once the app has started again (the start-up sweep, decision 024).
import { existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Client, OPS_PORT_BASE, startApp, startPgCluster, type AppProcess, type PgCluster } from "./support";

const APP_PORT = OPS_PORT_BASE + 20;
const PG_PORT = OPS_PORT_BASE + 23;

let cluster: PgCluster;
let databaseUrl: string;
let dataDir: string;
let app: AppProcess | undefined;
let db: pg.Pool;

const proofsDir = (userId: string) => path.join(dataDir, "storage", "admin-note-photos", userId);
const storedFiles = (userId: string) => (existsSync(proofsDir(userId)) ? readdirSync(proofsDir(userId)).sort() : []);
const paymentsOf = async (userId: string) =>
  (
    await db.query("select id, status, proof_url, admin_notes from payments where user_id = $1 order by created_at", [
      userId,
    ])
  ).rows as {
    id: string;
    status: string;
    proof_url: string;
    admin_notes: string | null;
  }[];

async function run(env: Record<string, string> = {}): Promise<AppProcess> {
  // No grace: the files the killed upload left are older than nothing; a sibling's in-flight upload is what the grace
  // protects, and there is none here.
  app = await startApp(APP_PORT, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    STORAGE_SWEEP_GRACE_SECONDS: "0",
    ...env,
  });
  return app;
}

beforeAll(async () => {
  cluster = startPgCluster(PG_PORT);
  databaseUrl = await cluster.createDatabase("sigkill");
  db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  dataDir = mkdtempSync(path.join(tmpdir(), "ops-sigkill-"));
}, 120_000);

afterAll(async () => {
  await app?.kill("SIGKILL");
  await db?.end();
  cluster?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("SIGKILL during a proof upload", () => {
  for (const point of ["upload:image-stored", "proof:before-commit"] as const) {
    test(`killed at ${point}: the next start removes the orphan file and the customer can send the proof again`, async () => {
      const running = await run({ E2E_PAUSE_AT: point });
      const customer = new Client(running.url);
      const userId = await customer.signUp(`kill-${point.replace(/\W/g, "-")}-${Date.now()}@ops.test`);

      const upload = customer.sendProof().catch(() => "the connection died with the process");
      await running.waitFor(new RegExp(`test-pause: ${point}`));
      await running.kill("SIGKILL");
      await upload;

      // The kill left a file (the image, and at the later point its preview too) and no payment.
      expect(storedFiles(userId).length).toBeGreaterThan(0);
      expect(await paymentsOf(userId)).toEqual([]);

      const restarted = await run();
      expect(restarted.output()).toMatch(/Storage sweep: removed \d+ orphan file/);
      expect(storedFiles(userId)).toEqual([]);
      expect(await paymentsOf(userId)).toEqual([]);

      // The customer's session survived; the same proof goes through now, with its file and its preview.
      const retry = await customer.sendProof();
      expect(retry.status, await retry.clone().text()).toBe(200);
      const [payment] = await paymentsOf(userId);
      expect(payment).toMatchObject({ status: "pending" });
      const name = payment!.proof_url.split("/").pop()!;
      expect(storedFiles(userId)).toEqual([name, name.replace(/\.png$/, ".thumb.webp")].sort());
      await restarted.kill("SIGTERM");
    }, 120_000);
  }

  test("a payment whose proof file is gone: pending is rejected with a note (the customer may send it again), approved stays", async () => {
    let running = await run();
    const customer = new Client(running.url);
    const userId = await customer.signUp(`lost-file-${Date.now()}@ops.test`);
    expect((await customer.sendProof("website", 1)).status).toBe(200);
    expect((await customer.sendProof("google_business", 1)).status).toBe(200);
    const [website, google] = await Promise.all(
      ["website", "google_business"].map(
        async (service) =>
          (
            await db.query("select id, proof_url from payments where user_id = $1 and service_type = $2", [
              userId,
              service,
            ])
          ).rows[0],
      ),
    );
    // An admin approved the Google Business one earlier.
    await db.query("update payments set status = 'completed' where id = $1", [google.id]);
    await running.kill("SIGTERM");
    // Both files are lost (e.g. a storage failure or a commit the process could not confirm).
    for (const { proof_url } of [website, google]) unlinkSync(path.join(proofsDir(userId), proof_url.split("/").pop()));

    running = await run();
    expect(running.output()).toMatch(/rejected 1 pending payment/);
    expect(running.output()).toContain(`the completed payment ${google.id} has no proof file`);
    const rows = await paymentsOf(userId);
    expect(rows.find((row) => row.id === website.id)).toMatchObject({
      status: "rejected",
      admin_notes: "The proof of payment file was lost. Please upload it again.",
    });
    expect(rows.find((row) => row.id === google.id)).toMatchObject({ status: "completed" });
    const notes = await db.query("select title, message from notifications where user_id = $1", [userId]);
    expect(notes.rows).toContainEqual({
      title: "Payment Rejected",
      message:
        "Your payment for Website Development (Payment 1 of 2) has been rejected. Admin notes: The proof of payment file was lost. Please upload it again.",
    });
    const audit = await db.query("select actor_id, action from audit_events where customer_id = $1", [userId]);
    expect(audit.rows).toContainEqual({ actor_id: null, action: "payment.reject" });

    // The customer sends the website proof again: a new pending payment with its file.
    const retry = await customer.sendProof("website", 1);
    expect(retry.status, await retry.clone().text()).toBe(200);
    const pending = (await paymentsOf(userId)).filter((row) => row.status === "pending");
    expect(pending).toHaveLength(1);
    expect(storedFiles(userId)).toContain(pending[0]!.proof_url.split("/").pop());
    await running.kill("SIGTERM");
  }, 120_000);
});
