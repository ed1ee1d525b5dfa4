/** A cookie's value in a Cookie header (everything after its first `=`; empty for a bare name), or null when the header has none of that name. */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [partName, ...rest] = part.trim().split("=");
    if (partName === name) return rest.join("=");
  }
  return null;
}
