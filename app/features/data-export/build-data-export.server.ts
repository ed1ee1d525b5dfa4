import { ZipArchive, type EntryData } from "archiver";
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { PassThrough, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PRIVATE_FILE_MODE } from "~/lib/config/private-files.server";
import { openStream } from "~/lib/storage/storage.server";
import { exportProgress, ZipNames } from "./data-export-rules";
import { renderExportSummary, SUMMARY_FILE_NAME } from "./data-export-summary";
import { JsonObjectWriter } from "./json-writer.server";
import { writeExportData, type ExportFile, type ExportSubject } from "./write-export-data.server";
import type { Deps } from "~/lib/services.server";

/**
 * Writes a customer's export as a ZIP file at `zipPath` (a new file, the app user's alone): `data.json` first, written
 * as the database is read, then every stored file it names, each read from storage as a stream, one at a time. Nothing
 * is ever held whole in memory, so the memory an export takes does not grow with the customer's data. A file that is
 * missing from storage is listed in `missing-files.json` instead. Last comes `summary.html`, the same data in plain
 * words in the customer's language, for a person rather than a program: written once the files are in, so it can
 * say which are missing. `progress` is told the percentage reached (0-95).
 * Aborting `signal` ends the build at once (the worker stopping, or a build past its time), with the signal's reason.
 * Returns the ZIP's size.
 */
export async function buildDataExport(
  deps: Pick<Deps, "db" | "storage" | "secrets">,
  subject: ExportSubject,
  zipPath: string,
  progress: (percent: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<{ size: number }> {
  // Photos and PDFs are compressed already: they are stored as they are; data.json and summary.html are deflated.
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(archive, createWriteStream(zipPath, { flags: "wx", mode: PRIVATE_FILE_MODE }));
  // A failure of the file or the archive ends the entry being waited for too (entryDone listens for errors).
  written.catch(() => {});
  // The source being written: on a failure it is closed with the archive (a storage read, data.json's writer).
  let source: Readable | undefined;
  // Destroyed with an error, so whatever waits on them (an entry, a full stream's drain) rejects instead of hanging.
  const abort = () => {
    const reason = signal?.reason instanceof Error ? signal.reason : new Error("The export was stopped");
    // The archive may no longer listen to the source: its error must not go unheard.
    source?.on("error", () => {}).destroy(reason);
    archive.destroy(reason);
  };
  signal?.addEventListener("abort", abort, { once: true });
  try {
    signal?.throwIfAborted();
    const collect = { names: new ZipNames(), files: [] as ExportFile[] };
    const json = new PassThrough();
    source = json;
    const jsonDone = entryDone(archive, "data.json");
    // A stop during the data destroys the archive before this is awaited: its rejection is seen below, not unhandled.
    jsonDone.catch(() => {});
    archive.append(json, { name: "data.json" });
    const writer = new JsonObjectWriter(json);
    const summary = await writeExportData(deps, subject, writer, collect, (share) =>
      progress(exportProgress("data", share, 1)),
    );
    await writer.end();
    await jsonDone;

    const missing: string[] = [];
    for (const [index, file] of collect.files.entries()) {
      const stored = await openStream(deps.storage, file.bucket, file.key);
      if (!stored) {
        missing.push(file.path);
      } else {
        source = stored.body;
        await appendEntry(archive, stored.body, { name: file.path, store: true });
      }
      await progress(exportProgress("files", index + 1, collect.files.length));
    }
    source = undefined;
    if (missing.length > 0)
      await appendEntry(archive, Buffer.from(`${JSON.stringify(missing, null, 2)}\n`), { name: "missing-files.json" });
    summary.missingFiles = missing;
    await appendEntry(archive, Buffer.from(renderExportSummary(subject.i18n, summary), "utf8"), {
      name: SUMMARY_FILE_NAME,
    });
    await archive.finalize();
    await written;
    signal?.throwIfAborted();
  } catch (error) {
    // Destroyed, not aborted: an abort waits for the entry under way, which may never end (its source failed).
    source?.destroy();
    archive.destroy();
    await written.catch(() => {});
    // The signal's reason says why, rather than the stream error it caused.
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    signal?.removeEventListener("abort", abort);
  }
  return { size: (await stat(zipPath)).size };
}

/** Adds one entry and waits until the archive has written it, so only one source is open at a time. */
async function appendEntry(
  archive: ZipArchive,
  source: Readable | Buffer,
  data: EntryData & { store?: boolean },
): Promise<void> {
  const done = entryDone(archive, data.name);
  archive.append(source, data);
  await done;
}

/** Resolves when the archive has written the entry named `name`; rejects if the archive fails first. */
function entryDone(archive: ZipArchive, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onEntry = (entry: EntryData) => {
      if (entry.name !== name) return;
      cleanUp();
      resolve();
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const cleanUp = () => {
      archive.off("entry", onEntry);
      archive.off("error", onError);
    };
    archive.on("entry", onEntry);
    archive.on("error", onError);
  });
}
