import { describe, expect, it } from "vitest";
import {
  DOWNLOAD_VALID_MS,
  EXPORT_INTERVAL_MS,
  exportFileName,
  exportKey,
  exportProgress,
  exportState,
  isDownloadable,
  nextExportAllowedAt,
  ZipNames,
  type DataExportFacts,
} from "./data-export-rules";

const at = (iso: string) => new Date(iso);
const HOUR = 60 * 60 * 1000;

describe("one export a day", () => {
  const requested = at("2026-03-01T10:00:00Z");

  it("lets a customer who never asked ask now", () => {
    expect(nextExportAllowedAt(null, requested)).toBeNull();
    expect(nextExportAllowedAt(undefined, requested)).toBeNull();
  });

  it("refuses for 24 hours after the last one, to the millisecond, then allows again", () => {
    expect(EXPORT_INTERVAL_MS).toBe(24 * HOUR);
    expect(nextExportAllowedAt({ createdAt: requested }, requested)).toEqual(at("2026-03-02T10:00:00Z"));
    expect(nextExportAllowedAt({ createdAt: requested }, at("2026-03-02T09:59:59.999Z"))).toEqual(
      at("2026-03-02T10:00:00Z"),
    );
    expect(nextExportAllowedAt({ createdAt: requested }, at("2026-03-02T10:00:00Z"))).toBeNull();
    expect(nextExportAllowedAt({ createdAt: requested }, at("2026-03-05T00:00:00Z"))).toBeNull();
  });

  it("counts a day, not a calendar date: asking just before midnight does not allow again just after", () => {
    const lateEvening = at("2026-03-01T23:59:00Z");
    expect(nextExportAllowedAt({ createdAt: lateEvening }, at("2026-03-02T00:01:00Z"))).toEqual(
      at("2026-03-02T23:59:00Z"),
    );
  });
});

describe("an export's state and download window", () => {
  const readyAt = at("2026-03-01T10:00:00Z");
  const ready: DataExportFacts = {
    status: "ready",
    createdAt: at("2026-03-01T09:59:00Z"),
    expiresAt: new Date(readyAt.getTime() + DOWNLOAD_VALID_MS),
    fileKey: "user/export.zip",
  };

  it("is preparing while waiting or running, whatever its expires_at (then the worker's lease)", () => {
    expect(exportState({ ...ready, status: "pending", expiresAt: null, fileKey: null }, readyAt)).toBe("preparing");
    expect(
      exportState({ ...ready, status: "running", expiresAt: at("2026-03-01T09:00:00Z"), fileKey: null }, readyAt),
    ).toBe("preparing");
    expect(isDownloadable({ ...ready, status: "running" }, readyAt)).toBe(false);
  });

  it("is downloadable for 24 hours after it is ready, and expired from that moment, file or not", () => {
    expect(DOWNLOAD_VALID_MS).toBe(24 * HOUR);
    expect(exportState(ready, readyAt)).toBe("ready");
    expect(isDownloadable(ready, at("2026-03-02T09:59:59.999Z"))).toBe(true);
    expect(isDownloadable(ready, at("2026-03-02T10:00:00Z"))).toBe(false);
    expect(exportState(ready, at("2026-03-02T10:00:00Z"))).toBe("expired");
    // The worker removed the file (and cleared its key): expired, even if a clock said otherwise.
    expect(exportState({ ...ready, fileKey: null }, readyAt)).toBe("expired");
  });

  it("is failed when it failed", () => {
    expect(exportState({ ...ready, status: "failed", fileKey: null, expiresAt: null }, readyAt)).toBe("failed");
    expect(isDownloadable({ ...ready, status: "failed" }, readyAt)).toBe(false);
  });
});

describe("names", () => {
  it("names the ZIP by the day it was made and keys it under its customer", () => {
    expect(exportFileName(at("2026-03-01T23:30:00Z"))).toBe("my-data-2026-03-01.zip");
    expect(exportKey("user-1", "export-2")).toBe("user-1/export-2.zip");
  });

  it("keeps each file's own name, safe on every system, and never lets two files of one folder share one", () => {
    const names = new ZipNames();
    expect(names.claim("files/messages", "invoice.pdf")).toBe("files/messages/invoice.pdf");
    expect(names.claim("files/messages", "invoice.pdf")).toBe("files/messages/invoice (2).pdf");
    expect(names.claim("files/messages", "INVOICE.pdf")).toBe("files/messages/INVOICE (3).pdf");
    expect(names.claim("files/approvals", "invoice.pdf")).toBe("files/approvals/invoice.pdf");
    expect(names.claim("files/messages", "../../etc/passwd")).toBe("files/messages/_.._etc_passwd");
    expect(names.claim("files/messages", 'a:b*c?"<>|\u0001.png')).toBe("files/messages/a_b_c______.png");
    expect(names.claim("files/messages", "...")).toBe("files/messages/file");
    expect(names.claim("files/messages", "README")).toBe("files/messages/README");
    expect(names.claim("files/messages", "README")).toBe("files/messages/README (2)");
  });
});

describe("progress", () => {
  it("gives data.json the first 30 %, the files up to 95 %, storing up to 99 %, never 100 before it is ready", () => {
    expect(exportProgress("data", 0, 1)).toBe(0);
    expect(exportProgress("data", 0.5, 1)).toBe(15);
    expect(exportProgress("data", 1, 1)).toBe(30);
    expect(exportProgress("files", 0, 30)).toBe(30);
    expect(exportProgress("files", 15, 30)).toBe(62);
    expect(exportProgress("files", 30, 30)).toBe(95);
    // No files at all: the phase is done.
    expect(exportProgress("files", 0, 0)).toBe(95);
    expect(exportProgress("storing", 1, 1)).toBe(99);
    expect(exportProgress("files", 40, 30)).toBe(95);
  });
});
