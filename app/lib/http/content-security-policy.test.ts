import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes, newNonce } from "./content-security-policy";

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("the Content-Security-Policy", () => {
  it("lets scripts run from the site and with the request's nonce only, never inline without it", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123" });
    const scripts = /script-src ([^;]*)/.exec(policy)![1];
    expect(scripts).toBe("'self' 'nonce-abc123'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain("ws:");
  });

  it("hashes the executable inline scripts of a page, not external or data scripts", () => {
    const html =
      `<script>a()</script><script type="module">import "/x.js"</script>` +
      `<script src="/y.js"></script><script type="application/ld+json">{"a":1}</script><script nonce="n">b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("a()"), sha('import "/x.js"'), sha("b()")]);
  });

  it("makes a different nonce for every request", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
    expect(newNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
