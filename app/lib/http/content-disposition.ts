/**
 * A `Content-Disposition` header for a file answer: `inline` or `attachment`, with the name the browser saves it
 * under. Quotes, backslashes, path separators and control characters never reach the header; the name travels
 * twice, as plain ASCII (`filename`) for old clients and whole in UTF-8 (`filename*`, RFC 6266 and 5987).
 */
export function contentDisposition(disposition: "inline" | "attachment", name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, "").trim() || "file";
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
