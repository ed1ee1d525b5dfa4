import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib, { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { BROTLI_QUALITY, compressResponses, GZIP_LEVEL } from "../../server/compression";

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

describe("compression effort for pages made per request", () => {
  it("answers brotli at quality 3 and gzip at level 4, each byte-exact to what zlib makes at that effort", async () => {
    const page = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p class="row">Customer ${i}</p>`).join("")}</body></html>`;
    const app = express();
    app.use(compressResponses());
    app.get("/", (_req, res) => void res.type("html").send(page));
    server = app.listen(0);
    await new Promise((resolve) => server!.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const fetchRaw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        http.get({ port, path: "/", headers: { "accept-encoding": encoding } }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (chunk: Buffer) => parts.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }));
        }).on("error", reject);
      });
    const br = await fetchRaw("gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBe(zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length);
    const gzip = await fetchRaw("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    // gzip's header differs (time, OS byte): compare the deflate stream's length.
    expect(gzip.body.length).toBe(zlib.gzipSync(page, { level: GZIP_LEVEL }).length);
    expect([BROTLI_QUALITY, GZIP_LEVEL]).toEqual([3, 4]);
  });
});
