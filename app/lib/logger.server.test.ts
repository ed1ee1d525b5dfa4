import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, requestContext, routeConsoleToLogger } from "./logger.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  let raw = "";
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      raw += chunk.toString();
      for (const line of chunk.toString().split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { logger: createLogger({ destination }), lines, raw: () => raw };
}

describe("the JSON logger", () => {
  it("writes one JSON object a line, with the request id while a request is handled", () => {
    const { logger, lines } = capture();
    logger.info("outside");
    requestContext.run({ requestId: "req-42" }, () => logger.warn({ step: 2 }, "inside"));
    expect(lines[0]).toMatchObject({ level: "info", msg: "outside" });
    expect(lines[0]).not.toHaveProperty("requestId");
    expect(lines[1]).toMatchObject({ level: "warn", msg: "inside", step: 2, requestId: "req-42" });
  });

  it("never writes cookies, authorization headers or passwords, at any depth", () => {
    const { logger, raw } = capture();
    logger.info(
      {
        headers: {
          cookie: "session_token=SECRET-COOKIE",
          authorization: "Bearer SECRET-BEARER",
          "set-cookie": ["a=SECRET-SET"],
        },
        body: { email: "a@b.test", password: "SECRET-PASSWORD", nested: { newPassword: "SECRET-NEW" } },
        password: "SECRET-TOP",
      },
      "with secrets",
    );
    const text = raw();
    for (const secret of [
      "SECRET-COOKIE",
      "SECRET-BEARER",
      "SECRET-SET",
      "SECRET-PASSWORD",
      "SECRET-NEW",
      "SECRET-TOP",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
    expect(text).toContain("a@b.test");
  });

  it("routes console calls through the logger, errors with their stack, inside the request's context", () => {
    const { logger, lines } = capture();
    const restore = routeConsoleToLogger(logger);
    try {
      requestContext.run({ requestId: "req-console" }, () => {
        console.error("Could not do %s:", "it", new Error("boom"));
        console.log("plain");
      });
    } finally {
      restore();
    }
    expect(lines[0]).toMatchObject({
      level: "error",
      msg: "Could not do it:",
      requestId: "req-console",
      err: { message: "boom" },
    });
    expect((lines[0]!.err as { stack: string }).stack).toContain("logger.server.test.ts");
    expect(lines[1]).toMatchObject({ level: "info", msg: "plain", requestId: "req-console" });
  });
});
