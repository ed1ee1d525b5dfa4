import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { compressResponses } from "../../server/compression";

/** 8 MB that zlib cannot shrink, so the compressed stream stays big and the slow client holds it back. */
const CHUNKS = Array.from({ length: 128 }, () => randomBytes(64 * 1024));

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves the chunks the way React Router writes a page (wait for 'drain' with once, then off), read by a slow client. */
async function slowDownload(middleware: RequestHandler[]): Promise<{ body: Buffer; warnings: string[] }> {
  const app = express();
  app.use(middleware);
  app.get("/", async (_req, res) => {
    res.setHeader("content-type", "text/html");
    let i = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < CHUNKS.length) controller.enqueue(CHUNKS[i++]!);
        else controller.close();
      },
    });
    await writeReadableStreamToWritable(stream, res);
  });
  server = app.listen(0);
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;

  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get({ port, path: "/", headers: { "accept-encoding": "gzip" } }, (response) => {
        const parts: Buffer[] = [];
        // Read a little, then stall, again and again: the server's writes back up each time.
        response.on("data", (part: Buffer) => {
          parts.push(part);
          response.pause();
          setTimeout(() => response.resume(), 2);
        });
        response.on("end", () => resolve(Buffer.concat(parts)));
        response.on("error", reject);
      });
    });
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { body, warnings };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("compressed pages", () => {
  it("a big page to a slow client arrives whole, with no pile of 'drain' listeners on the compressor", async () => {
    const { body, warnings } = await slowDownload(compressResponses());
    expect(gunzipSync(body).equals(Buffer.concat(CHUNKS))).toBe(true);
    expect(warnings.filter((warning) => warning.includes("MaxListenersExceeded"))).toEqual([]);
  }, 60_000);

  it("(the same page through plain compression shows the leak this fixes)", async () => {
    const { warnings } = await slowDownload([compression()]);
    expect(warnings.some((warning) => warning.includes("MaxListenersExceededWarning") && warning.includes("drain"))).toBe(true);
  }, 60_000);
});
