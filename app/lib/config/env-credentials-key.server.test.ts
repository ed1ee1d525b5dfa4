import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { parseMasterKey } from "../secrets/secrets.server";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "env-credentials-test-"));

describe("CREDENTIALS_KEY", () => {
  it("is generated into the data folder in embedded mode (owner-only file) and kept across starts", () => {
    const dir = dataDir();
    const env = parseEnv({ DATA_DIR: dir });
    const file = path.join(dir, "credentials-key");
    expect(readFileSync(file, "utf8")).toBe(env.CREDENTIALS_KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseMasterKey(env.CREDENTIALS_KEY).key).toHaveLength(32);
    expect(parseEnv({ DATA_DIR: dir }).CREDENTIALS_KEY).toBe(env.CREDENTIALS_KEY);
    expect(env.CREDENTIALS_KEY).not.toBe(env.AUTH_SECRET);
  });

  it("is required with DATABASE_URL, with a message saying how to make one", () => {
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://u@h/db", AUTH_SECRET: "x".repeat(32) }),
    ).toThrow(/CREDENTIALS_KEY: is required when DATABASE_URL is set[\s\S]*openssl rand -base64 32/);
    const key = randomBytes(32).toString("base64");
    const env = parseEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgres://u@h/db",
      AUTH_SECRET: "x".repeat(32),
      CREDENTIALS_KEY: key,
    });
    expect(env.CREDENTIALS_KEY).toBe(key);
  });

  it("refuses a key that is not 32 bytes, and bad previous keys, without printing them", () => {
    const attempt = () =>
      parseEnv({
        DATA_DIR: dataDir(),
        CREDENTIALS_KEY: "too-short-key",
        CREDENTIALS_PREVIOUS_KEYS: `${randomBytes(32).toString("hex")},oops-old`,
      });
    expect(attempt).toThrow(
      /CREDENTIALS_KEY: must be 32 bytes[\s\S]*CREDENTIALS_PREVIOUS_KEYS: each comma-separated key must be 32 bytes/,
    );
    try {
      attempt();
    } catch (error) {
      expect((error as Error).message).not.toContain("too-short-key");
      expect((error as Error).message).not.toContain("oops-old");
    }
    const previous = `${randomBytes(32).toString("hex")}, ${randomBytes(32).toString("base64")}`;
    expect(parseEnv({ DATA_DIR: dataDir(), CREDENTIALS_PREVIOUS_KEYS: previous }).CREDENTIALS_PREVIOUS_KEYS).toBe(
      previous,
    );
  });
});
