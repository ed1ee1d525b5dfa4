import type { SiteConfig } from "~/lib/config/site-config";

/**
 * A short fingerprint of the site config a page was rendered with. The pre-rendered landing page carries it,
 * so the server can tell whether the build's contact values still match its own before serving that file.
 * FNV-1a (32 bit): not for security, only to notice a difference, and the same in Node and the browser.
 */
export function configStamp(config: SiteConfig): string {
  const text = JSON.stringify(Object.entries(config).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
