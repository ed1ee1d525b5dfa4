import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib, { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BROTLI_QUALITY, compressResponses, GZIP_LEVEL } from "../../server/compression";
import { precompressedAssets } from "../../server/precompressed-assets";

/** 8 MB that zlib cannot shrink, so the compressed stream stays big and the slow client holds it back. */
const CHUNKS = Array.from({ length: 128 }, () => randomBytes(64 * 1024));

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** GETs a path of the test server, raw: the body as sent, not decompressed. */
function fetchRaw(port: number, urlPath: string, headers: http.OutgoingHttpHeaders) {
  return new Promise<{ status: number | undefined; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get({ port, path: urlPath, headers }, (res) => {
          const parts: Buffer[] = [];
          res.on("data", (chunk: Buffer) => parts.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(parts) }));
        })
        .on("error", reject);
    },
  );
}

async function listen(app: express.Express): Promise<number> {
  server = app.listen(0);
  await new Promise((resolve) => server!.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

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
    expect(
      warnings.some((warning) => warning.includes("MaxListenersExceededWarning") && warning.includes("drain")),
    ).toBe(true);
  }, 60_000);
});

describe("compression effort for pages made per request", () => {
  it("answers brotli at quality 3 and gzip at level 4, each byte-exact to what zlib makes at that effort", async () => {
    const page = `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p class="row">Customer ${i}</p>`).join("")}</body></html>`;
    const app = express();
    app.use(compressResponses());
    app.get("/", (_req, res) => void res.type("html").send(page));
    const port = await listen(app);
    const br = await fetchRaw(port, "/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(page);
    expect(br.body.length).toBe(
      zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }).length,
    );
    const gzip = await fetchRaw(port, "/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(page);
    // gzip's header differs (time, OS byte): compare the deflate stream's length.
    expect(gzip.body.length).toBe(zlib.gzipSync(page, { level: GZIP_LEVEL }).length);
    expect([BROTLI_QUALITY, GZIP_LEVEL]).toEqual([3, 4]);
  });
});

describe("build assets compressed at build time", () => {
  it("sends the build's brotli or gzip copy to a browser that accepts it, the file itself to one that accepts neither", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "assets-"));
    try {
      // A real script: what compresses well at quality 11 is JavaScript, not a repeated pattern.
      const script = readFileSync(path.resolve("node_modules/react/cjs/react.production.js"), "utf8");
      writeFileSync(path.join(folder, "entry-abc.js"), script);
      writeFileSync(path.join(folder, "tiny.css"), "a{}");
      execFileSync(process.execPath, [path.resolve("scripts/precompress-assets.js"), folder]);

      const app = express();
      app.use(compressResponses());
      app.use(
        "/assets",
        precompressedAssets(folder, { immutable: true, maxAge: "1y" }),
        express.static(folder, { immutable: true, maxAge: "1y" }),
      );
      const port = await listen(app);

      const br = await fetchRaw(port, "/assets/entry-abc.js", { "accept-encoding": "gzip, deflate, br, zstd" });
      expect(br.status).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["vary"]).toBe("Accept-Encoding");
      expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
      // Quality 11, smaller than what the per-request compressor would have made.
      expect(
        br.body.equals(zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
      ).toBe(true);
      const onTheFly = zlib.brotliCompressSync(script, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
      });
      expect(br.body.length).toBeLessThan(onTheFly.length * 0.95);

      const gzip = await fetchRaw(port, "/assets/entry-abc.js", { "accept-encoding": "gzip" });
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.body).toString()).toBe(script);

      const plain = await fetchRaw(port, "/assets/entry-abc.js", { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.toString()).toBe(script);
      // The copies go out as what they hold, the same type as the file itself.
      expect(br.headers["content-type"]).toMatch(/javascript/);
      expect([br.headers["content-type"], gzip.headers["content-type"]]).toEqual([
        plain.headers["content-type"],
        plain.headers["content-type"],
      ]);

      // A revalidation of the copy it holds gets 304.
      const again = await fetchRaw(port, "/assets/entry-abc.js", {
        "accept-encoding": "br",
        "if-none-match": br.headers["etag"]!,
      });
      expect(again.status).toBe(304);

      // Too small to shrink: no copy was written, and the file goes out as it is.
      const tiny = await fetchRaw(port, "/assets/tiny.css", { "accept-encoding": "br" });
      expect(tiny.status).toBe(200);
      expect(tiny.body.toString()).toBe("a{}");
      // A copy is not a way around the folder.
      expect((await fetchRaw(port, "/assets/..%2Fentry-abc.js", { "accept-encoding": "br" })).status).toBe(404);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("without a build folder, answers nothing itself and the request goes on", async () => {
    const app = express();
    app.use(
      "/assets",
      precompressedAssets(path.join(tmpdir(), "no-such-build", "assets"), { immutable: true, maxAge: "1y" }),
    );
    app.use((_req, res) => res.status(404).send("not here"));
    const port = await listen(app);
    const missing = await fetchRaw(port, "/assets/entry-abc.js", { "accept-encoding": "br" });
    expect([missing.status, missing.body.toString()]).toEqual([404, "not here"]);
  });
});
