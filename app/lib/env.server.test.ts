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
    expect(() => parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h/db" })).toThrow(/AUTH_SECRET: is required/);
    expect(() => parseEnv({ DATA_DIR: dataDir(), NODE_ENV: "production", E2E_TEST_HOOKS: "1" })).toThrow(
      /E2E_TEST_HOOKS: must not be set in production/,
    );
  });

  it("checks the card-payment and storage settings", () => {
    const env = parseEnv({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
      STORAGE_S3_BUCKET: "files",
      STORAGE_S3_FORCE_PATH_STYLE: "true",
    });
    expect(env).toMatchObject({ STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: "http", STORAGE_S3_FORCE_PATH_STYLE: true });
    expect(parseEnv({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "" }).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "pk_live_x", STRIPE_WEBHOOK_SECRET: "abc", STRIPE_API_PROTOCOL: "ftp" }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be a Stripe webhook signing secret[\s\S]*STRIPE_API_PROTOCOL/);
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
