// Shared by the load benchmarks (bench-portal.js, bench-live.js): start the built app on a fresh data folder,
// a throwaway PostgreSQL cluster, CPU time of the app's processes, percentiles.
import { spawn, spawnSync } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chownSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export const ADMIN = { email: "bench-admin@bench.test", password: "Bench-Admin-Password-1!" };
export const AUTH_SECRET = randomBytes(32).toString("hex");
export const CREDENTIALS_KEY = randomBytes(32).toString("base64");
export const SESSION_COOKIE = "better-auth.session_token";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** `npm run build` unless BENCH_SKIP_BUILD=1 (and a build exists). */
export function buildApp(origin) {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync("build/server/index.js")) return;
  console.log("building...");
  const build = spawnSync("npm", ["run", "build"], { stdio: "ignore", env: { ...process.env, SITE_URL: origin } });
  if (build.status !== 0) throw new Error("build failed");
}

/** A throwaway PostgreSQL cluster (as .ci/run starts one), or null when the server binaries are missing. */
export async function startPostgres() {
  const bins = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql")
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
        .filter((dir) => existsSync(`${dir}/initdb`))
    : [];
  const bin = bins.at(-1);
  if (!bin) return null;
  const asPg = (args) =>
    process.getuid?.() === 0
      ? spawnSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "ignore" })
      : spawnSync(args[0], args.slice(1), { stdio: "ignore" });
  const dir = mkdtempSync(path.join(tmpdir(), "bench-pg-"));
  if (process.getuid?.() === 0) chownSync(dir, Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim()), 0);
  const port = await freePort();
  if (asPg([`${bin}/initdb`, "-D", `${dir}/data`, "-U", "postgres", "--auth=trust", "-E", "UTF8"]).status !== 0)
    throw new Error("initdb failed");
  const started = asPg([
    `${bin}/pg_ctl`,
    "-D",
    `${dir}/data`,
    "-l",
    `${dir}/server.log`,
    "-w",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    "start",
  ]);
  if (started.status !== 0) throw new Error("pg_ctl start failed");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asPg([`${bin}/pg_ctl`, "-D", `${dir}/data`, "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node server/main.js` from the build; resolves once it answers. */
export async function startApp({ port, dataDir, databaseUrl, env = {}, nodeArgs = [] }) {
  const origin = `http://localhost:${port}`;
  const child = spawn("node", [...nodeArgs, "server/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: origin,
      DATABASE_URL: databaseUrl ?? "",
      AUTH_SECRET,
      CREDENTIALS_KEY,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${origin}/login`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the app did not answer in time");
    await sleep(200);
  }
  return {
    origin,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Opens a bench data folder's embedded database directly (the app must be stopped: one process per folder), with
 * the same extensions the app loads (`pgliteExtensions`, app/lib/db/db.server.ts): the migrations create objects
 * that use them (pg_trgm, migration 0009), and writing without them fails ("internal_load_library").
 */
export async function openPglite(dataDir) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return PGlite.create(`${dataDir}/pglite`, { extensions: { pg_trgm } });
}

export function freshDataDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** The process and all its descendants (the cluster's workers). */
export function processTree(rootPid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // gone
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);

/** User + system CPU time of the process tree, in milliseconds (from /proc/<pid>/stat). */
export function cpuMs(rootPid) {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks * TICK_MS;
}

/** Resident memory of the process tree, in bytes. */
export function rssBytes(rootPid) {
  let pages = 0;
  for (const pid of processTree(rootPid)) {
    try {
      pages += Number(readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
    } catch {
      // gone
    }
  }
  return pages * 4096;
}

/** A session cookie as Better Auth signs it (HMAC-SHA256 of the token with the secret, base64). */
export function signedSessionCookie(token) {
  const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

function sessionCookieFrom(response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`no session cookie (${response.status})`);
  return cookie.split(";")[0];
}

/**
 * Signs a person in through the app's auth handler at `origin`: `account` (name, e-mail, password...) signs up a new
 * customer, no account signs the benchmarks' admin in. Their id and session cookie.
 */
export async function signInThroughApp(origin, account) {
  const [route, body, who] = account
    ? ["/api/auth/sign-up/email", account, "sign-up"]
    : ["/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password }, "admin sign-in"];
  const response = await fetch(`${origin}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${who}: ${response.status} ${await response.text()}`);
  return { cookie: sessionCookieFrom(response), id: (await response.json()).user.id };
}

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Lighthouse's errors that say the run did not record (the page was fine): such a run is tried again. */
const UNRECORDED_RUN =
  /NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT|NO_TRACING_STARTED|FAILED_DOCUMENT_REQUEST|Target closed/;

/**
 * One Lighthouse run (mobile defaults: simulated slow 4G and a 4x slower CPU) in the system Chromium, each in a fresh
 * browser; `cookie` is sent with every request (a signed-in page). A run that fails to record is tried again, up to
 * `attempts` times, saying so; any other failure throws.
 */
export async function lighthouseRun(url, { cookie, categories = ["performance"], attempts = 3 } = {}) {
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
  ]);
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      chromeFlags: CHROME_FLAGS,
    });
    let failure;
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error("Lighthouse returned no result");
      if (!result.lhr.runtimeError) return result.lhr;
      failure = new Error(`Lighthouse: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    } catch (error) {
      failure = error;
    } finally {
      chrome.kill();
    }
    if (attempt >= attempts || !UNRECORDED_RUN.test(String(failure?.message))) throw failure;
    console.log(
      `  (${new URL(url).pathname}: ${failure.message.split("\n")[0]}; trying again, ${attempt + 1} of ${attempts})`,
    );
  }
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The machine's load averages (1, 5, 15 minutes), printed beside the figures they may have bent. */
export function loadAverage() {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
}

/** The benchmarks' customer, signed up through the auth handler. */
export const BENCH_CUSTOMER = {
  name: "Bench Customer",
  email: "bench-customer@bench.test",
  password: "Bench-Customer-Password-1!",
  phone: "(555) 123-4567",
  companyName: "Bench Cleaning",
};

/** The customer's rows, as the screens would have written them (payments, progress, information, notifications). */
const benchCustomerSql = (userId) => `
  insert into payments (user_id, service_type, payment_number, amount, payment_method, proof_url, status)
    values ('${userId}', 'google_business', 1, 300, 'zelle', null, 'completed'),
           ('${userId}', 'website', 1, 500, 'card', null, 'completed'),
           ('${userId}', 'website', 2, 500, 'zelle', null, 'pending');
  insert into google_business_progress (user_id, information_collection, profile_creation, submitted_verification)
    values ('${userId}', true, true, true);
  insert into website_progress (user_id, current_step, client_info_received, domain_hosting_setup, planning_structure)
    values ('${userId}', 3, true, true, true);
  insert into google_business_info (user_id, legal_business_name, service_type, phone_number, website, address, city, state, zip, service_cities)
    values ('${userId}', 'Bench Cleaning LLC', 'House cleaning', '(555) 123-4567', 'https://bench.example', '1 Main St', 'Miami', 'FL', '33101', '{Miami,Doral}');
  insert into website_info (user_id, has_domain, domain_provider, legal_business_name, service_types, phone_number, city, state, service_cities)
    values ('${userId}', true, 'Namecheap', 'Bench Cleaning LLC', '{Cleaning,Windows}', '(555) 123-4567', 'Miami', 'FL', '{Miami}');
  insert into website_credentials (user_id, credential_type, title, website_link, username)
    values ('${userId}', 'domain', 'Domain', 'https://namecheap.com', 'bench');
  insert into notifications (user_id, type, title, message)
    select '${userId}', 'payment', 'Payment approved ' || n, 'Your payment was approved.' from generate_series(1, 8) n;
  insert into care_plans (id, name_en, name_es, description_en, description_es, price, follows, before_finished, stripe_product_id, stripe_price_id)
    values ('${BENCH_PLAN_ID}', 'Profile care', 'Cuidado del perfil', 'Monthly posts and review replies.', 'Publicaciones y respuestas cada mes.', 49, 'google_business', true, 'prod_bench', 'price_bench');
  insert into plan_subscriptions (user_id, plan_id, status, price, stripe_subscription_id, stripe_customer_id, stripe_price_id, current_period_end, started_at)
    values ('${userId}', '${BENCH_PLAN_ID}', 'active', 49, 'sub_bench', 'cus_bench', 'price_bench', now() + interval '20 days', now() - interval '10 days');
  insert into reminders (user_id, kind, subject, step, link, sent_at)
    values ('${userId}', 'second_payment', 'website', 1, '/dashboard/website?pay=2', now() - interval '1 day');
  insert into leads (id, name, business_name, email, phone, industry, wants, city, state, contact_preference, language, consented_at, source)
    values ('${BENCH_LEAD_ID}', 'Lee Lead', 'Lead Roofing', 'lead@bench.test', '(555) 765-4321', 'roofing', 'website', 'Tampa', 'FL', 'phone', 'en', now(), '{"utm_source":"google"}');
  insert into lead_events (lead_id, kind, detail) values ('${BENCH_LEAD_ID}', 'received', '{"message":"A website for my roofing business."}');
`;

/** The benchmarks' enquiry (the Leads screens) and care plan, at known ids. */
export const BENCH_LEAD_ID = "b0000000-0000-4000-8000-000000000001";
const BENCH_PLAN_ID = "b0000000-0000-4000-8000-000000000002";

async function seed(dataDir, databaseUrl, sql) {
  if (databaseUrl) {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
    return;
  }
  const db = await openPglite(dataDir);
  await db.exec(sql);
  await db.close();
}

/**
 * The built app on a fresh data folder with the benchmarks' customer and a signed-in admin: a first start runs the
 * migrations and makes the admin, the customer signs up and the admin signs in through the auth handler; the app stops
 * while the customer's payments, progress, information, a credential and notifications are written directly (the
 * embedded database is only reachable from one process), then starts again with `nodeArgs` and `env`.
 */
export async function startSeededApp({ port, prefix, databaseUrl, nodeArgs = [], env = {} }) {
  const origin = `http://localhost:${port}`;
  const dataDir = freshDataDir(prefix);
  let app;
  try {
    app = await startApp({ port, dataDir, databaseUrl });
    const { id: customerId, cookie: customerCookie } = await signInThroughApp(origin, BENCH_CUSTOMER);
    const { cookie: adminCookie } = await signInThroughApp(origin);
    await app.stop();
    app = undefined;
    await seed(dataDir, databaseUrl, benchCustomerSql(customerId));
    app = await startApp({ port, dataDir, databaseUrl, nodeArgs, env });
    const started = app;
    return {
      app: started,
      customerId,
      customerCookie,
      adminCookie,
      async stop() {
        await started.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
