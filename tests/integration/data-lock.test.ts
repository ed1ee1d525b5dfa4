import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataFolderLockedError, lockDataFolder } from "~/lib/db/data-lock.server";

let dataDir: string;
let lockFile: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-lock-"));
  lockFile = path.join(dataDir, "app.lock");
});

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Another running process: a node child that only waits. */
async function liveProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", () => resolve());
    child.once("error", reject);
  });
  return child;
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => child.once("exit", resolve));
}

describe("lockDataFolder", () => {
  it("takes a free folder, writes its own pid, and the release removes the lock", () => {
    const release = lockDataFolder(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    // Releasing twice is harmless, and the folder can be taken again.
    release();
    const again = lockDataFolder(dataDir);
    expect(existsSync(lockFile)).toBe(true);
    again();
  });

  it("refuses the folder while the owning process is alive, naming it, and leaves its lock alone", async () => {
    const owner = await liveProcess();
    writeFileSync(lockFile, String(owner.pid));

    let error: unknown;
    try {
      lockDataFolder(dataDir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DataFolderLockedError);
    expect((error as Error).message).toContain(`process ${owner.pid}`);
    expect((error as Error).message).toContain(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(owner.pid));
  });

  it("takes over the lock once its owner has stopped", async () => {
    const owner = await liveProcess();
    writeFileSync(lockFile, String(owner.pid));
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderLockedError);

    owner.kill("SIGKILL");
    await exited(owner);

    const release = lockDataFolder(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("takes over a lock left by a process that exited long ago", async () => {
    const gone = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await exited(gone);
    writeFileSync(lockFile, String(gone.pid));

    const release = lockDataFolder(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over an unreadable lock file", () => {
    writeFileSync(lockFile, "not a pid");
    const release = lockDataFolder(dataDir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });
});
