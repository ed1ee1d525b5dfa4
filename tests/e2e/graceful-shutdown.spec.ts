import { expect } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { newCustomer, test } from "./fixtures";
import { cookieFrom, OPS_PORT_BASE, postJson, startApp, type RunningProcess } from "./ops-support";

const PORT = OPS_PORT_BASE;

/** A sign-in whose JSON body the client sends in two halves, `pause` apart: a request in flight that long. */
function slowSignIn(
  base: string,
  body: string,
  firstHalfSent: () => void,
  pause: Promise<unknown>,
): Promise<{ status: number; text: string }> {
  const url = new URL("/api/auth/sign-in/email", base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), origin: base },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half), () => {
      firstHalfSent();
      void pause.then(() => req.end(body.slice(half)));
    });
  });
}

test("SIGTERM: requests in flight finish, live streams get a reconnect hint, the process exits 0 within 10 s", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-shutdown-"));
  let app: RunningProcess | undefined;
  try {
    app = await startApp(PORT, dataDir);
    const { base } = app;
    const customer = newCustomer();
    const signUp = await postJson(base, "/api/auth/sign-up/email", {
      name: customer.fullName,
      email: customer.email,
      password: customer.password,
      phone: customer.phone,
      companyName: customer.companyName,
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const cookie = cookieFrom(signUp);

    // A live stream, read as a browser's EventSource would.
    const stream = await fetch(`${base}/events`, { headers: { cookie, accept: "text/event-stream" } });
    expect(stream.status).toBe(200);
    let streamText = "";
    const streamEnded = (async () => {
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        streamText += value;
      }
    })();
    await expect.poll(() => streamText).toContain("retry: 2000");

    // A slow request: half its body is in, the rest comes 1.5 s after the signal.
    let signalled!: () => void;
    const afterSignal = new Promise<void>((resolve) => (signalled = resolve));
    let firstHalfIn!: () => void;
    const firstHalf = new Promise<void>((resolve) => (firstHalfIn = resolve));
    const slow = slowSignIn(
      base,
      JSON.stringify({ email: customer.email, password: customer.password }),
      firstHalfIn,
      afterSignal.then(() => delay(1_500)),
    );
    await firstHalf;
    await delay(200);

    const stopping = app.stop("SIGTERM");
    signalled();
    // Not taking new connections any more.
    await delay(300);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();

    const finished = await slow;
    expect(finished.status, finished.text).toBe(200);
    expect(JSON.parse(finished.text)).toMatchObject({ user: { email: customer.email } });

    await streamEnded;
    expect(streamText).toMatch(/retry: 1000\n\nevent: reconnect\ndata: \{"retryMs":1000\}\n\n$/);

    const { code, ms } = await stopping;
    expect(code, app.output()).toBe(0);
    expect(ms).toBeLessThan(10_000);
    expect(app.output()).toContain('"msg":"SIGTERM: shutting down"');
    expect(app.output()).toContain('"msg":"Stopped"');
  } finally {
    await app?.stop("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
});
