// Operations tests (tests/ops): real built app processes (`node server/main.js`), a throwaway PostgreSQL cluster and an
// S3-compatible server on 127.0.0.1, started and stopped by the tests themselves. Run by scripts/test.js ops.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

export const OPS_PORT_BASE = Number(process.env.OPS_PORT_BASE ?? 4610);
const OPS_AUTH_SECRET = "ops-test-auth-secret-0123456789abcdef0123456789";
const OPS_CREDENTIALS_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff0";
export const OPS_ADMIN = { email: "admin@ops.test", password: "Ops-Admin-Password-1!" };

/** The PostgreSQL server binaries: PG_BIN (set by .ci/run), else the newest /usr/lib/postgresql/<v>/bin. */
function pgBin(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "pg_ctl"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

const isRoot = process.getuid?.() === 0;
/** initdb refuses root: as root, the cluster's commands run as the `postgres` user (as in .ci/run). */
function asPg(command: string, args: string[]): { status: number | null; output: string } {
  const result = isRoot
    ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
    : spawnSync(command, args, { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

export interface PgCluster {
  port: number;
  /** The URL of a database in the cluster (`postgres` unless named). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(mode?: "fast" | "immediate"): void;
  start(): void;
  restart(): void;
  destroy(): void;
}

/** A throwaway PostgreSQL cluster on 127.0.0.1:port (trust auth, fsync off), in a temporary folder. */
export function startPgCluster(port: number): PgCluster {
  const bin = pgBin();
  if (!bin) throw new Error("No PostgreSQL server binaries (set PG_BIN)");
  const dir = mkdtempSync(path.join(tmpdir(), "ops-pg-"));
  chmodSync(dir, 0o777);
  if (isRoot) spawnSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const run = (args: string[]) => {
    const result = asPg(path.join(bin, args[0]!), args.slice(1));
    if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.output}`);
  };
  run(["initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run(["pg_ctl", "-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", options, "start"]);
  start();
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
      await client.end();
      return url(name);
    },
    stop(mode = "fast") {
      run(["pg_ctl", "-D", data, "-m", mode, "-w", "stop"]);
    },
    start,
    restart() {
      run(["pg_ctl", "-D", data, "-l", path.join(dir, "server.log"), "-m", "fast", "-w", "-o", options, "restart"]);
    },
    destroy() {
      asPg(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AppProcess {
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves once the output matches (or rejects after the timeout, or when the process exits). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `node server/main.js` from the build with NODE_ENV=test and these settings; `ready` waits until it serves. */
export function startApp(
  port: number,
  env: Record<string, string>,
  { ready = true } = {},
): Promise<AppProcess> & { app: AppProcess } {
  const child = spawn(process.execPath, ["server/main.js"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: String(port),
      SITE_URL: `http://localhost:${port}`,
      AUTH_SECRET: OPS_AUTH_SECRET,
      CREDENTIALS_KEY: OPS_CREDENTIALS_KEY,
      ADMIN_EMAIL: OPS_ADMIN.email,
      ADMIN_PASSWORD: OPS_ADMIN.password,
      AUTH_RATE_LIMIT_MAX: "10000",
      E2E_TEST_HOOKS: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.OPS_VERBOSE) process.stdout.write(`[${port}] ${chunk}`);
    for (const waiter of waiters) waiter();
  };
  child.stdout!.on("data", onData);
  child.stderr!.on("data", onData);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const app: AppProcess = {
    port,
    url: `http://localhost:${port}`,
    process: child,
    output: () => output,
    waitFor(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            done();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`Timed out waiting for ${pattern} from the app on ${port}. Output:\n${output}`));
        }, timeoutMs);
        const onExit = () => {
          done();
          reject(new Error(`The app on ${port} exited before printing ${pattern}. Output:\n${output}`));
        };
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off("exit", onExit);
        };
        waiters.add(check);
        child.once("exit", onExit);
        check();
      });
    },
    exited,
    async kill(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
  const promise = (
    ready ? app.waitFor(/Serving http/).then(() => app) : Promise.resolve(app)
  ) as Promise<AppProcess> & {
    app: AppProcess;
  };
  promise.app = app;
  return promise;
}

/** A tiny cookie-keeping HTTP client for one user of one instance. */
export class Client {
  cookie = "";

  constructor(readonly baseUrl: string) {}

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookie) headers.set("cookie", this.cookie);
    headers.set("origin", this.baseUrl);
    const response = await fetch(`${this.baseUrl}${pathname}`, { ...init, headers, redirect: "manual" });
    const set = response.headers.getSetCookie().map((c) => c.split(";")[0]!);
    if (set.length > 0) {
      const jar = new Map(
        this.cookie ? this.cookie.split("; ").map((pair) => pair.split("=", 2) as [string, string]) : [],
      );
      for (const pair of set) {
        const [name, value] = pair.split("=", 2) as [string, string];
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      this.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    return response;
  }

  async postJson(pathname: string, body: unknown): Promise<Response> {
    return this.fetch(pathname, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async signUp(email: string): Promise<string> {
    const response = await this.postJson("/api/auth/sign-up/email", {
      name: "Olivia Ops",
      email,
      password: "Str0ng-Password!",
      phone: "(555) 123-4567",
      companyName: "Ops Plumbing",
    });
    if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const session = await (await this.fetch("/resources/session")).json();
    return (session as { user: { id: string } }).user.id;
  }

  async sendProof(serviceType = "google_business", paymentNumber = 1): Promise<Response> {
    const form = new FormData();
    form.set("serviceType", serviceType);
    form.set("paymentNumber", String(paymentNumber));
    form.set("proof", new Blob([PROOF_PNG], { type: "image/png" }), "proof.png");
    return this.fetch("/resources/payments/proof", { method: "POST", body: form });
  }
}

/** A real 1x1 PNG, as a customer's proof photo. */
export const PROOF_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** Reads a server-sent-events stream and collects its named events. */
export class EventStream {
  readonly events: { event: string; data: string }[] = [];
  private readonly controller = new AbortController();
  private readonly waiters = new Set<() => void>();
  closed = false;

  private constructor() {}

  static async open(client: Client): Promise<EventStream> {
    const stream = new EventStream();
    const response = await client.fetch("/events", {
      signal: stream.controller.signal,
      headers: { accept: "text/event-stream" },
    });
    if (response.status !== 200) throw new Error(`live stream answered ${response.status}`);
    void stream.read(response.body!);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
          if (event) this.events.push({ event, data });
          for (const waiter of this.waiters) waiter();
        }
      }
    } catch {
      // aborted
    }
    this.closed = true;
    for (const waiter of this.waiters) waiter();
  }

  waitFor(predicate: (event: { event: string; data: string }) => boolean, timeoutMs = 20_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.events.some(predicate)) {
          clearTimeout(timer);
          this.waiters.delete(check);
          resolve();
        } else if (this.closed) {
          clearTimeout(timer);
          this.waiters.delete(check);
          reject(new Error(`the live stream closed; events: ${JSON.stringify(this.events)}`));
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out; events: ${JSON.stringify(this.events)}`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.controller.abort();
  }
}
