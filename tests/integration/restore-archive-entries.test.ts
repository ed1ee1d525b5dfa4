import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDataFolderScript } from "./operator-scripts";

// An archive is input from outside the app: one that holds a link could make the restored storage folder (and so the
// files route) or the database folder point anywhere on the host. Restore takes plain files and folders only.

let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), "restore-entries-"));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** An archive shaped like `npm run backup`'s (manifest, database marker), plus whatever `plant` adds to its folder. */
function craftedArchive(name: string, plant: (root: string) => void): string {
  const root = path.join(work, `${name}-content`);
  mkdirSync(path.join(root, "pglite"), { recursive: true });
  writeFileSync(path.join(root, "backup.json"), JSON.stringify({ format: 1, createdAt: new Date().toISOString() }));
  writeFileSync(path.join(root, "pglite", "PG_VERSION"), "18\n");
  plant(root);
  const archive = path.join(work, `${name}.tar.gz`);
  const made = spawnSync("tar", ["-czf", archive, "-C", root, ...readdirSync(root)], { encoding: "utf8" });
  expect(made.status, made.stderr).toBe(0);
  return archive;
}

describe("npm run restore", () => {
  it("refuses an archive holding a symbolic link, naming it, and leaves the data folder as it was", () => {
    const hostFile = path.join(work, "host-secret.txt");
    writeFileSync(hostFile, "a file of the host, not of the app");
    const archive = craftedArchive("with-link", (root) => {
      mkdirSync(path.join(root, "storage", "avatars", "someone"), { recursive: true });
      writeFileSync(path.join(root, "storage", "avatars", "someone", "real.png"), "png");
      symlinkSync(hostFile, path.join(root, "storage", "avatars", "someone", "photo.png"));
    });
    const dataDir = path.join(work, "data");
    mkdirSync(dataDir, { mode: 0o700 });

    const restore = runDataFolderScript("restore", [archive], { DATA_DIR: dataDir });
    expect(restore.status, restore.stdout + restore.stderr).toBe(1);
    expect(restore.stderr).toContain("restore: refused:");
    expect(restore.stderr).toContain("storage/avatars/someone/photo.png (symbolic link)");
    expect(restore.stderr).toContain("only plain files and folders");
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("refuses a link standing in for a whole folder, before making the data folder", () => {
    const archive = craftedArchive("linked-folder", (root) => {
      symlinkSync("/etc", path.join(root, "storage"));
    });
    const dataDir = path.join(work, "data-2");

    const restore = runDataFolderScript("restore", [archive], { DATA_DIR: dataDir });
    expect(restore.status, restore.stdout + restore.stderr).toBe(1);
    expect(restore.stderr).toContain("storage (symbolic link)");
    expect(existsSync(path.join(dataDir, "storage"))).toBe(false);
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });

  it("restores an archive of plain files and folders", () => {
    const archive = craftedArchive("plain", (root) => {
      mkdirSync(path.join(root, "storage", "avatars", "someone"), { recursive: true });
      writeFileSync(path.join(root, "storage", "avatars", "someone", "real.png"), "png");
    });
    const dataDir = path.join(work, "data-3");
    const restore = runDataFolderScript("restore", [archive], { DATA_DIR: dataDir });
    expect(restore.status, restore.stdout + restore.stderr).toBe(0);
    expect(readdirSync(dataDir).sort()).toEqual(["pglite", "storage"]);
  });
});
