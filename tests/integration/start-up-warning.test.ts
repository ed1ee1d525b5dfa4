import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { start } from "../../server/app";

/**
 * The start-up warning about the SITE_* contact settings still holding the example values, as `npm start` logs it:
 * a real start on a data folder of its own, its log lines captured.
 */
let dataDir: string;
let port: number;
const saved = { ...process.env };
const SITE_KEYS = ["SITE_AGENCY_NAME", "SITE_PHONE", "SITE_EMAIL", "SITE_CHAT_URL", "SITE_ZELLE_PHONE"];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts and stops the app with these settings; the warnings it logged. */
async function warningsOfAStart(settings: Record<string, string>): Promise<Record<string, unknown>[]> {
  for (const key of [...SITE_KEYS, "ADMIN_EMAIL", "ADMIN_PASSWORD", "DATABASE_URL", "AUTH_SECRET"])
    delete process.env[key];
  Object.assign(process.env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    ...settings,
  });
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  const app = await start({ logger: createLogger({ destination, level: "warn" }) });
  await app.stop();
  return lines.filter((line) => line.level === "warn" || line.level === 40);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-site-warning-"));
  port = await freePort();
});

afterAll(() => {
  process.env = saved;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the start-up warning about example contact values", () => {
  it("names each SITE_* contact setting that still holds its example value", async () => {
    const warnings = await warningsOfAStart({
      NODE_ENV: "development",
      SITE_AGENCY_NAME: "Acme Local",
      SITE_EMAIL: "team@acme.test",
    });
    const warning = warnings.find((line) => String(line.msg).includes("example value"));
    expect(warning).toMatchObject({
      settings: ["SITE_PHONE", "SITE_CHAT_URL", "SITE_ZELLE_PHONE"],
      msg: expect.stringMatching(/^SITE_PHONE, SITE_CHAT_URL, SITE_ZELLE_PHONE still hold their example values/),
    });
  }, 300_000);

  it("is not logged when every one is set, nor in the test runs", async () => {
    const own = {
      SITE_AGENCY_NAME: "Acme Local",
      SITE_PHONE: "(555) 000-1111",
      SITE_EMAIL: "team@acme.test",
      SITE_CHAT_URL: "https://wa.me/15550001111",
      SITE_ZELLE_PHONE: "(555) 000-2222",
    };
    expect(
      (await warningsOfAStart({ NODE_ENV: "development", ...own })).filter((line) =>
        String(line.msg).includes("example value"),
      ),
    ).toEqual([]);
    expect(
      (await warningsOfAStart({ NODE_ENV: "test" })).filter((line) => String(line.msg).includes("example value")),
    ).toEqual([]);
  }, 300_000);
});
