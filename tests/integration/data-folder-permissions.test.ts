import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { start, type RunningApp } from "../../server/app";
import { openEntries, runDataFolderScript } from "./operator-scripts";
import { authRequest, SITE_URL, signUpCustomer } from "./support";

// The data folder holds the database, the stored files, the outbox's password-reset links and the generated keys:
// nothing in it may be readable by another user of the machine, whatever umask the operator's shell has.

let work: string;
let dataDir: string;
let savedUmask: number;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "data-folder-modes-"));
  dataDir = path.join(work, "data");
});

beforeEach(() => {
  // The usual shell umask, under which files come out world-readable unless the app says otherwise.
  savedUmask = process.umask(0o022);
});

afterEach(() => {
  process.umask(savedUmask);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `work` against the app started as `npm start` does (its settings from the environment) on `folder`, then stops it. */
async function withApp(folder: string, work: (running: RunningApp) => Promise<void> = async () => {}): Promise<void> {
  const settings = {
    DATA_DIR: folder,
    PORT: String(await freePort()),
    DATABASE_URL: "",
    SITE_URL,
    NODE_ENV: "test",
    AUTH_SECRET: "",
    CREDENTIALS_KEY: "",
  };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  try {
    const running = await start({ logger: createLogger({ level: "silent" }) });
    try {
      await work(running);
    } finally {
      await running.stop();
    }
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("the data folder is private to the app's user", () => {
  it("a first start makes the folder and everything in it owner-only (database, generated keys, lock)", async () => {
    await withApp(dataDir);
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(["pglite", "auth-secret", "credentials-key"]));
    expect(openEntries(dataDir)).toEqual([]);
  }, 60_000);

  it("a password-reset e-mail lands in the outbox readable by the owner only", async () => {
    await withApp(dataDir, async (running) => {
      const customer = await signUpCustomer(running.services);
      expect((await authRequest(running.services, "/request-password-reset", { email: customer.email })).status).toBe(
        200,
      );
      await running.mailSender.sendDue();
    });
    expect(readdirSync(path.join(dataDir, "outbox")).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    expect(openEntries(dataDir)).toEqual([]);
  }, 60_000);

  it("a backup archive (it holds the keys) and a folder restored from it are owner-only", () => {
    const archive = path.join(work, "agency.tar.gz");
    const backup = runDataFolderScript("backup", [archive], { DATA_DIR: dataDir });
    expect(backup.status, backup.stdout + backup.stderr).toBe(0);
    expect((statSync(archive).mode & 0o777).toString(8)).toBe("600");
    expect(openEntries(dataDir)).toEqual([]);

    const restored = path.join(work, "restored");
    const restore = runDataFolderScript("restore", [archive], { DATA_DIR: restored });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    expect(readdirSync(restored)).toEqual(expect.arrayContaining(["pglite", "outbox", "credentials-key"]));
    expect(openEntries(restored)).toEqual([]);
  }, 60_000);

  it("refuses to start on a folder other users can read, saying how to close it, and writes nothing into it", async () => {
    const open = path.join(work, "open data");
    mkdirSync(open);
    chmodSync(open, 0o755);
    const refusal = withApp(open);
    await expect(refusal).rejects.toMatchObject({ startupProblem: true });
    await expect(refusal).rejects.toThrow(`chmod -R go-rwx '${open}'`);
    expect(readdirSync(open)).toEqual([]);
    expect(existsSync(path.join(open, "auth-secret"))).toBe(false);
  });
});
