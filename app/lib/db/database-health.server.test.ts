import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isConnectionError } from "./database-health.server";
import { parseEnv } from "../config/env.server";

describe("isConnectionError", () => {
  it("recognises a lost or refused database connection", () => {
    expect(
      isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    expect(
      isConnectionError(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    expect(isConnectionError(Object.assign(new Error("the database system is starting up"), { code: "57P03" }))).toBe(
      true,
    );
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
  });

  it("leaves a query's own failures alone", () => {
    expect(isConnectionError(Object.assign(new Error("duplicate key value"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new Error("Payment not found"))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});

describe("the fault-test pause point", () => {
  it("is refused outside NODE_ENV=test with E2E_TEST_HOOKS", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "env-pause-"));
    expect(() => parseEnv({ NODE_ENV: "development", DATA_DIR: dataDir, E2E_PAUSE_AT: "proof:before-commit" })).toThrow(
      /E2E_PAUSE_AT/,
    );
    expect(() => parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, E2E_PAUSE_AT: "proof:before-commit" })).toThrow(
      /E2E_PAUSE_AT/,
    );
    expect(
      parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, E2E_TEST_HOOKS: "1", E2E_PAUSE_AT: "proof:before-commit" })
        .E2E_PAUSE_AT,
    ).toBe("proof:before-commit");
  });
});
