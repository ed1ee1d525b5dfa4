import { expect } from "@playwright/test";
import { createHash } from "node:crypto";
import { test } from "./fixtures";

const scriptPolicy = (policy: string) => /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1] ?? "";

test.describe("security headers", () => {
  test("a server-rendered page carries a nonce-based CSP, and every inline script has its nonce", async ({
    request,
  }) => {
    const response = await request.get("/login");
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptPolicy(policy)).not.toContain("unsafe-inline");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'"]) {
      expect(policy).toContain(directive);
    }
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // SITE_URL is http in this run: no HSTS.
    expect(headers["strict-transport-security"]).toBeUndefined();

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map(([, attributes]) => attributes!);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);

    // A new nonce for every request.
    const again = (await request.get("/login")).headers()["content-security-policy"];
    expect(again).not.toBe(policy);
  });

  test("the pre-rendered landing page carries a CSP with the hashes of exactly its inline scripts", async ({
    request,
  }) => {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"] ?? "";
    expect(policy).not.toContain("'nonce-");
    expect(scriptPolicy(policy)).not.toContain("unsafe-inline");
    const html = await response.text();
    const executable = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    // Exactly: the page runs no React, so it has none of React Router's inline scripts and its policy allows
    // scripts from this origin only.
    const hashes = executable.map(([, text]) => `'sha256-${createHash("sha256").update(text!).digest("base64")}'`);
    expect(scriptPolicy(policy).split(" ").sort()).toEqual(["'self'", ...hashes].sort());
  });

  test("pages are not served as static files without their policy", async ({ request }) => {
    const response = await request.get("/index.html");
    expect(response.headers()["content-security-policy"]).toBeTruthy();
  });

  test("the landing page and a portal page run without a CSP violation", async ({ page }) => {
    // The fixture fails the test on any violation; this makes sure both kinds of page are visited and run their
    // scripts (the landing page its own, the portal page React's).
    await page.goto("/");
    await page.getByRole("link", { name: /login/i }).first().click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto("/signup");
    await expect(page.getByRole("button").first()).toBeVisible();
  });
});
