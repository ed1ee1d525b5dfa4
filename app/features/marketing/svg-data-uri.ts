/**
 * An SVG as a `data:` URL, escaping only what URLs and HTML attributes need (smaller than base64 or
 * encodeURIComponent, which the SVG would otherwise grow by a third).
 */
export function svgDataUri(svg: string): string {
  const compact = svg.trim().replace(/\s+/g, " ").replaceAll('"', "'");
  return `data:image/svg+xml,${compact.replace(/[\r\n%#()<>?[\\\]^`{|}]/g, encodeURIComponent)}`;
}
