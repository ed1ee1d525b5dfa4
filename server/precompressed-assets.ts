import type { RequestHandler } from "express";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";

/** The suffix of each copy scripts/precompress-assets.js writes, by the encoding it holds, best first. */
const COPIES = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/**
 * Sends the copy of a build asset compressed at build time (scripts/precompress-assets.js: brotli 11, gzip 9) to a
 * browser that accepts it, instead of compressing the file again on every request at the faster settings pages
 * need. Only files with a copy are answered here; anything else (and a browser that accepts neither) falls through
 * to the plain static files. The copies are listed once at start-up: the build does not change under a running
 * server. No folder (an app made before any build, as the integration tests do) means no copies, as
 * `express.static` serves nothing from it.
 */
export function precompressedAssets(folder: string, options: { maxAge: string; immutable: boolean }): RequestHandler {
  const files = new Set(existsSync(folder) ? readdirSync(folder) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = decodeURIComponent(req.path).slice(1);
    if (name.includes("/") || !files.has(name)) return next();
    const copies = COPIES.filter(({ suffix }) => files.has(name + suffix));
    if (copies.length === 0) return next();
    res.vary("Accept-Encoding");
    const copy = copies.find(({ encoding }) => req.acceptsEncodings(encoding) === encoding);
    if (!copy) return next();
    // The type is the original file's; `send` keeps a Content-Type already set rather than reading the suffix.
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", copy.encoding);
    res.sendFile(path.join(folder, name + copy.suffix), options, (error) => {
      // A browser that went away mid-file is no failure of ours; one before any byte was sent is.
      if (error && !res.headersSent) next(error);
    });
  };
}
