import { createHash, randomBytes } from "node:crypto";
import { createContext, type RouterContextProvider } from "react-router";

/**
 * The request's CSP nonce, put in the router context by the Express app for every request it renders. Absent
 * while React Router pre-renders pages at build time: such a file is served with hashes instead.
 */
export const cspNonceContext = createContext<string | undefined>(undefined);

export function cspNonceFrom(context: Readonly<RouterContextProvider> | undefined): string | undefined {
  try {
    return context?.get(cspNonceContext);
  } catch {
    return undefined;
  }
}

/**
 * The Content-Security-Policy of every page. Scripts run only from this origin and, inline, when they carry the
 * request's nonce (server-rendered pages) or match a hash (the pre-rendered landing page); never 'unsafe-inline'.
 * style-src keeps 'unsafe-inline': Radix and the carousel set inline style attributes, and the landing page inlines
 * its style sheet; styles cannot run code.
 */
export interface PageScripts {
  nonce?: string;
  /** `sha256-...` sources of the inline scripts a static page carries. */
  hashes?: readonly string[];
}

export function contentSecurityPolicy({ nonce, hashes = [] }: PageScripts, { dev = false } = {}): string {
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...hashes.map((hash) => `'${hash}'`)];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": scripts,
    "style-src": ["'self'", "'unsafe-inline'"],
    // data: for the inline SVG images, blob: for previews of a chosen file before it is uploaded.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // Vite's hot reload talks over a WebSocket in development.
    "connect-src": dev ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The CSP hash source of an inline script's text, as the browser computes it. */
function scriptHash(text: string): string {
  return `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
}

/** Hash sources for every executable inline script of an HTML page (JSON data blocks do not run). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.add(scriptHash(text!));
  }
  return [...hashes];
}

/** A fresh per-request nonce (128 bits). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}
