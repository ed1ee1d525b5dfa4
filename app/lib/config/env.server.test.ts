import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-test-"));

describe("parseEnv", () => {
  it("has working defaults for the embedded mode and keeps a generated secret in the data folder", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(dir);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(env.AUTH_SECRET);
    expect(parseEnv({ DATA_DIR: dir }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "", SITE_URL: "", PORT: "4000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_URL).toBe("http://localhost:4000");
  });

  it("lists every problem in one clear start-up error", () => {
    const attempt = () =>
      parseEnv({ DATA_DIR: dataDir(), PORT: "eighty", DATABASE_URL: "mysql://x", ADMIN_EMAIL: "not-an-email" });
    expect(attempt).toThrow(EnvError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT:");
      expect(message).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
      expect(message).toContain("ADMIN_EMAIL: must be an e-mail address");
    }
  });

  it("needs ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ADMIN_EMAIL: "admin@example.com" })).toThrow(
      /ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/,
    );
  });

  it("requires AUTH_SECRET with a database server, and test hooks never in production", () => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h/db" })).toThrow(
      /AUTH_SECRET: is required/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", E2E_TEST_HOOKS: "1" })).toThrow(
      /E2E_TEST_HOOKS: is only allowed with NODE_ENV=test/,
    );
  });

  it("allows the test hooks with NODE_ENV=test only", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "test", E2E_TEST_HOOKS: "1" }).E2E_TEST_HOOKS).toBe(true);
    expect(() => parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "development", E2E_TEST_HOOKS: "1" })).toThrow(
      /E2E_TEST_HOOKS: is only allowed with NODE_ENV=test/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), E2E_TEST_HOOKS: "true" })).toThrow(/E2E_TEST_HOOKS/);
  });

  it("takes TRUST_PROXY as a hop count or addresses, and refuses true with a clear message", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "loopback" }).TRUST_PROXY).toEqual(["loopback"]);
    expect(parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.7",
      "fd00::/8",
    ]);
    expect(parseEnv({ DATA_DIR: dataDir() }).TRUST_PROXY).toBeUndefined();
    expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "true" })).toThrow(
      /TRUST_PROXY: must be a hop count \(e\.g\. 1\) or the proxies' addresses\/subnets.*not true/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "10.0.0.0/33" })).toThrow(
      /TRUST_PROXY: .*not 10\.0\.0\.0\/33/,
    );
    expect(() => parseEnv({ DATA_DIR: dataDir(), TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY/);
  });

  it("needs an https SITE_URL in production, except on this machine", () => {
    const production = { DATA_DIR: dataDir(), NODE_ENV: "production" };
    expect(() => parseEnv({ ...production, SITE_URL: "http://agency.example" })).toThrow(
      /SITE_URL: must be an https URL in production/,
    );
    expect(parseEnv({ ...production, SITE_URL: "https://agency.example" }).SITE_URL).toBe("https://agency.example");
    expect(parseEnv({ ...production, SITE_URL: "http://localhost:3000" }).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ ...production, SITE_URL: "http://127.0.0.1:8080" }).SITE_URL).toBe("http://127.0.0.1:8080");
    expect(parseEnv({ ...production }).SITE_URL).toBe("http://localhost:3000");
    expect(parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "development", SITE_URL: "http://dev.example" }).SITE_URL).toBe(
      "http://dev.example",
    );
  });

  it("refuses the card-provider test host settings in production", () => {
    for (const [name, value] of [
      ["STRIPE_API_HOST", "127.0.0.1"],
      ["STRIPE_API_PORT", "12111"],
      ["STRIPE_API_PROTOCOL", "http"],
    ] as const) {
      expect(() => parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", [name]: value })).toThrow(
        new RegExp(`${name}: is for tests only`),
      );
      expect(parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "test", [name]: value })[name]).toBeDefined();
    }
  });

  it("checks the card-payment and storage settings", () => {
    const env = parseEnv({
      DATA_DIR: dataDir(),
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
      STORAGE_S3_BUCKET: "files",
      STORAGE_S3_FORCE_PATH_STYLE: "true",
    });
    expect(env).toMatchObject({
      STRIPE_API_PORT: 12111,
      STRIPE_API_PROTOCOL: "http",
      STORAGE_S3_FORCE_PATH_STYLE: true,
    });
    expect(parseEnv({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "" }).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() =>
      parseEnv({
        DATA_DIR: dataDir(),
        STRIPE_SECRET_KEY: "pk_live_x",
        STRIPE_WEBHOOK_SECRET: "abc",
        STRIPE_API_PROTOCOL: "ftp",
      }),
    ).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret[\s\S]*STRIPE_API_PROTOCOL/,
    );
  });

  it("binds the reply listener to loopback unless told otherwise, and never starts it without the relay's authserv-id", () => {
    expect(parseEnv({ DATA_DIR: dataDir() }).INBOUND_SMTP_HOST).toBe("127.0.0.1");
    const replies = { DATA_DIR: dataDir(), INBOUND_SMTP_PORT: "2525", INBOUND_EMAIL_DOMAIN: "replies.example.com" };
    expect(() => parseEnv(replies)).toThrow(/INBOUND_AUTHSERV_ID: is required when INBOUND_SMTP_PORT is set/);
    expect(parseEnv({ ...replies, INBOUND_AUTHSERV_ID: "mx.example.com" })).toMatchObject({
      INBOUND_SMTP_PORT: 2525,
      INBOUND_AUTHSERV_ID: "mx.example.com",
      INBOUND_SMTP_HOST: "127.0.0.1",
    });
    expect(() => parseEnv({ ...replies, INBOUND_AUTHSERV_ID: "mx.example.com; spf=pass" })).toThrow(
      /INBOUND_AUTHSERV_ID: must be the authserv-id/,
    );
  });

  it("never puts the admin password in its messages", () => {
    try {
      parseEnv({ DATA_DIR: dataDir(), ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "tooShort1!" });
    } catch (error) {
      expect((error as Error).message).not.toContain("tooShort1!");
      return;
    }
    throw new Error("expected a short admin password to be refused");
  });
});
