/**
 * The Authentication-Results header (RFC 8601): what the receiving mail server in front found when it checked a
 * mail's SPF, DKIM and DMARC. The listener cannot check those itself (it sees the relay's connection, not the
 * sender's), so this header, from the one server it trusts, is how it knows who sent a mail.
 */

/** One method's outcome: `dkim=pass header.d=example.com` is { method: "dkim", result: "pass", properties: { "header.d": "example.com" } }. */
interface AuthenticationResult {
  method: string;
  result: string;
  /** `ptype.property` to value, lower-case keys. */
  properties: Record<string, string>;
}

export interface AuthenticationResults {
  /** Who wrote the header (lower-case). */
  authservId: string;
  results: AuthenticationResult[];
}

/** The text without its comments (nested, with quoted pairs), which may hold anything, `;` and `=` included. */
function withoutComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (char === "\\" && (quoted || depth > 0)) {
      if (depth === 0) out += char + (value[i + 1] ?? "");
      i += 1;
    } else if (depth > 0) {
      if (char === "(") depth += 1;
      else if (char === ")") depth -= 1;
    } else if (quoted) {
      out += char;
      if (char === '"') quoted = false;
    } else if (char === '"') {
      quoted = true;
      out += char;
    } else if (char === "(") {
      depth = 1;
      out += " ";
    } else {
      out += char;
    }
  }
  return out;
}

/** Splits on a separator outside quoted strings. */
function splitOutsideQuotes(value: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i]!;
    if (quoted && char === "\\") {
      current += char + (value[i + 1] ?? "");
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (!quoted && separator.test(char)) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, "$1")
    : value;

/** A header's value parsed; null when it has no authserv-id. Unknown or malformed parts are skipped, never guessed. */
export function parseAuthenticationResults(value: string): AuthenticationResults | null {
  const text = withoutComments(value.replace(/\r?\n/g, " "));
  const [head = "", ...resinfos] = splitOutsideQuotes(text, /;/);
  // The authserv-id, then an optional version number.
  const authservId = unquote(head.trim().split(/\s+/)[0] ?? "").toLowerCase();
  if (!authservId) return null;
  const results: AuthenticationResult[] = [];
  for (const resinfo of resinfos) {
    // The grammar allows white space around "=": `dkim = pass header.d = example.com`.
    const items = splitOutsideQuotes(resinfo.replace(/\s*=\s*/g, "="), /\s/).filter(Boolean);
    const [methodspec, ...rest] = items;
    const methodMatch = methodspec ? /^([a-z0-9_-]+)(?:\/[0-9]+)?=([a-z0-9_-]+)$/i.exec(methodspec) : null;
    if (!methodMatch) continue;
    const properties: Record<string, string> = {};
    for (const item of rest) {
      const match = /^([a-z0-9_-]+\.[a-z0-9_.-]+)=(.*)$/i.exec(item);
      if (match && match[2]) properties[match[1]!.toLowerCase()] = unquote(match[2]);
    }
    results.push({ method: methodMatch[1]!.toLowerCase(), result: methodMatch[2]!.toLowerCase(), properties });
  }
  return { authservId, results };
}

/** The domain of an address (`user@example.com`, `@example.com`) or of a bare domain, lower-case, without a final dot. */
function domainOf(value: string | undefined): string {
  if (!value) return "";
  const at = value.lastIndexOf("@");
  return (at >= 0 ? value.slice(at + 1) : value).trim().toLowerCase().replace(/\.$/, "");
}

/**
 * Whether the trusted server vouches for this domain as the mail's author: in the topmost Authentication-Results
 * from `authservId` (the one it added last; the headers come in the mail's order, topmost first), DMARC passed for
 * this From domain, or a DKIM signature of this domain passed, or SPF passed for an envelope sender of this domain.
 * A header from any other server is ignored (anyone can write one); none from it, or none passing for this
 * domain, is false.
 */
export function authenticatesDomain(headers: readonly string[], authservId: string, domain: string): boolean {
  const wanted = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!wanted) return false;
  const trusted = authservId.trim().toLowerCase();
  const header = headers.map(parseAuthenticationResults).find((parsed) => parsed?.authservId === trusted);
  if (!header) return false;
  return header.results.some(({ method, result, properties }) => {
    if (result !== "pass") return false;
    if (method === "dmarc") return domainOf(properties["header.from"]) === wanted;
    if (method === "dkim")
      return domainOf(properties["header.d"]) === wanted || domainOf(properties["header.i"]) === wanted;
    if (method === "spf") return domainOf(properties["smtp.mailfrom"]) === wanted;
    return false;
  });
}
