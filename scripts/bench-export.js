// `npm run bench:export`: "Download my data" for a large and a small customer. The requirement: the export of a
// customer with 2,000 messages and 30 files is prepared without holding it in memory, so the server's peak memory
// stays flat whatever the customer's size. Builds the app (BENCH_SKIP_BUILD=1 reuses the build), starts it from the
// build on a fresh data folder (the embedded PGlite), signs up two customers, then with the app stopped writes their
// messages and their files straight into the database and the storage folder: the large one 2,000 messages and 30
// files (20 message attachments of 2 MB, 6 approval files of 3 MB, 4 delivered files of 20 MB: about 138 MB), the
// small one 200 messages and 3 files (one of each, about 25 MB). Each export is then asked for on a freshly started
// app (as the Profile page's form does), waited for on the Profile page, and downloaded; the app's resident memory is
// sampled every 20 ms meanwhile. Reports the time (request to ready, the worker's own time, the download) and the
// memory (idle before, peak during, the kernel's high-water mark), for each customer. It reports; it does not fail.
//   BENCH_PORT (default 4714), BENCH_SKIP_BUILD=1
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp, freshDataDir, openPglite, rssBytes, signInThroughApp, sleep, startApp } from "./bench-support.js";

const PORT = Number(process.env.BENCH_PORT ?? 4714);
const ORIGIN = `http://localhost:${PORT}`;
const MB = 1024 * 1024;

const CUSTOMERS = [
  { key: "small", messages: 200, files: { attachments: [2 * MB], approvals: [3 * MB], delivered: [20 * MB] } },
  {
    key: "large",
    messages: 2000,
    files: { attachments: Array(20).fill(2 * MB), approvals: Array(6).fill(3 * MB), delivered: Array(4).fill(20 * MB) },
  },
].map((customer) => ({
  ...customer,
  account: {
    name: `Bench ${customer.key}`,
    email: `bench-export-${customer.key}@bench.test`,
    password: "Bench-Customer-Password-1!",
    phone: "(555) 123-4567",
    companyName: "Bench Cleaning",
  },
}));

const PROSE =
  "Hi! Thanks for the update on the website. We looked at the draft of the home page last night and we like the " +
  "colors, but could you move the phone number to the top so people see it right away? ";

/** Random bytes (as photos and archives are: incompressible) written where the local storage keeps a key. */
function storeFile(dataDir, bucket, key, size) {
  const file = path.join(dataDir, "storage", bucket, ...key.split("/"));
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, randomBytes(size), { mode: 0o600 });
  return `/files/${bucket}/${key}`;
}

const q = (text) => `'${String(text).replace(/'/g, "''")}'`;

/** The customer's messages (the first ones carrying the attachments), approval rounds and delivered files, as SQL. */
function seedSql(dataDir, customer, userId, adminId) {
  const attachments = customer.files.attachments.map((size, i) => ({
    url: storeFile(dataDir, "message-attachments", `${userId}/attachment_${i}.jpg`, size),
    thumbnailUrl: null,
    name: `kitchen-${i}.jpg`,
    size,
    contentType: "image/jpeg",
  }));
  const rounds = customer.files.approvals.map((size, i) => ({
    url: storeFile(dataDir, "job-files", `approvals/${userId}/approval_${i}.pdf`, size),
    thumbnailUrl: null,
    name: `draft-${i}.pdf`,
    size,
    contentType: "application/pdf",
  }));
  const delivered = customer.files.delivered.map((size, i) => ({
    url: storeFile(dataDir, "job-files", `delivered/${userId}/file_${i}.zip`, size),
    name: `handover-${i}.zip`,
    size,
  }));
  return `
    insert into messages (user_id, author_id, from_agency, body, attachments, created_at)
      select ${q(userId)},
             case when n % 3 = 2 then ${q(adminId)}::uuid else ${q(userId)}::uuid end,
             n % 3 = 2,
             'Message ' || n || ': ' || substr(repeat(${q(PROSE)}, 3), 1 + (n * 53) % 150, 100 + (n * 37) % 201),
             case when n <= ${attachments.length} then jsonb_build_array(${q(JSON.stringify(attachments))}::jsonb -> (n - 1)) else '[]'::jsonb end,
             now() - make_interval(mins => ${customer.messages} - n)
        from generate_series(1, ${customer.messages}) n;
    ${rounds
      .map(
        (file, i) =>
          `insert into review_rounds (user_id, service, version, title, files) values (${q(userId)}, 'website', ${i + 1}, ${q(`Draft ${i + 1}`)}, ${q(JSON.stringify([file]))}::jsonb);`,
      )
      .join("\n")}
    ${delivered
      .map(
        (file) =>
          `insert into delivered_files (user_id, service, file_url, name, size) values (${q(userId)}, 'website', ${q(file.url)}, ${q(file.name)}, ${file.size});`,
      )
      .join("\n")}
  `;
}

/** The kernel's high-water mark of the process's resident memory (VmHWM), in bytes. */
function peakRss(pid) {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) * 1024;
}

/** Samples the app's resident memory every 20 ms until stopped; returns the highest seen. */
function sampleMemory(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssBytes(pid));
  };
}

/**
 * Asks for the export as the Profile page's form does, waits until the page offers the download, downloads it; the
 * app's memory sampled through each of the two parts.
 */
async function runExport(app, cookie) {
  let sampling = sampleMemory(app.pid);
  const requested = performance.now();
  const form = new URLSearchParams({ intent: "request-data-export", password: "" });
  const asked = await fetch(`${ORIGIN}/dashboard/profile`, {
    method: "POST",
    headers: { origin: ORIGIN, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  if (asked.status !== 200) throw new Error(`request: ${asked.status}`);
  await asked.arrayBuffer();
  let href;
  for (;;) {
    const page = await (await fetch(`${ORIGIN}/dashboard/profile`, { headers: { cookie } })).text();
    href = page.match(/href="(\/exports\/[0-9a-f-]+\/download)"/)?.[1];
    if (href || /data-testid="data-export-failed"/.test(page)) break;
    if (performance.now() - requested > 600_000) throw new Error("the export was not ready in 10 minutes");
    await sleep(100);
  }
  if (!href) throw new Error("the export failed");
  const ready = performance.now();
  const preparePeak = sampling();
  sampling = sampleMemory(app.pid);
  const response = await fetch(`${ORIGIN}${href}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`download: ${response.status}`);
  let bytes = 0;
  let head;
  for await (const chunk of response.body) {
    head ??= Buffer.from(chunk.subarray(0, 2)).toString("latin1");
    bytes += chunk.length;
  }
  if (head !== "PK") throw new Error("the download is not a ZIP");
  return {
    readyMs: ready - requested,
    downloadMs: performance.now() - ready,
    zipBytes: bytes,
    preparePeak,
    downloadPeak: sampling(),
  };
}

const mb = (bytes) => `${(bytes / MB).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

buildApp(ORIGIN);
console.log(
  "bench:export: 'Download my data' for a small and a large customer, each on a freshly started app (embedded PGlite, local storage)",
);
const dataDir = freshDataDir("bench-export-");
let app;
const results = [];
try {
  app = await startApp({ port: PORT, dataDir });
  for (const customer of CUSTOMERS) {
    ({ id: customer.id, cookie: customer.cookie } = await signInThroughApp(ORIGIN, customer.account));
  }
  const { id: adminId } = await signInThroughApp(ORIGIN);
  await app.stop();
  app = undefined;

  // The customers' data, written directly (the embedded database is only reachable while the app is stopped).
  const db = await openPglite(dataDir);
  for (const customer of CUSTOMERS) await db.exec(seedSql(dataDir, customer, customer.id, adminId));
  for (const customer of CUSTOMERS) {
    const { rows } = await db.query(
      `select count(*)::int as n, count(*) filter (where jsonb_array_length(attachments) > 0)::int as files from messages where user_id = $1`,
      [customer.id],
    );
    customer.stored = {
      messages: rows[0].n,
      files: rows[0].files + customer.files.approvals.length + customer.files.delivered.length,
    };
    customer.storedBytes = [
      ...customer.files.attachments,
      ...customer.files.approvals,
      ...customer.files.delivered,
    ].reduce((a, b) => a + b, 0);
  }
  await db.close();

  for (const customer of CUSTOMERS) {
    app = await startApp({ port: PORT, dataDir });
    // The first page render loads the server's code: done before the idle figure is taken.
    for (let i = 0; i < 5; i++)
      await (await fetch(`${ORIGIN}/dashboard/profile`, { headers: { cookie: customer.cookie } })).text();
    await sleep(500);
    const idle = rssBytes(app.pid);
    const run = await runExport(app, customer.cookie);
    results.push({
      customer,
      idle,
      peak: Math.max(run.preparePeak, run.downloadPeak),
      highWater: peakRss(app.pid),
      ...run,
    });
    await app.stop();
    app = undefined;
  }

  // The worker's own time, as it wrote it: claimed (started_at) to ready (ready_at).
  const after = await openPglite(dataDir);
  for (const result of results) {
    const { rows } = await after.query(
      `select extract(epoch from ready_at - started_at) * 1000 as ms, size from data_exports where user_id = $1`,
      [result.customer.id],
    );
    result.workerMs = Number(rows[0].ms);
  }
  await after.close();
} finally {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

for (const r of results) {
  console.log(
    `${r.customer.key.padEnd(6)} ${String(r.customer.stored.messages).padStart(5)} messages, ${String(r.customer.stored.files).padStart(2)} files (${mb(r.customer.storedBytes)})  ` +
      `ZIP ${mb(r.zipBytes)}  request->ready ${s(r.readyMs)} (worker ${s(r.workerMs)})  download ${s(r.downloadMs)}  ` +
      `RSS idle ${mb(r.idle)}, peak preparing ${mb(r.preparePeak)} (+${mb(r.preparePeak - r.idle)}), downloading ${mb(r.downloadPeak)} (+${mb(r.downloadPeak - r.idle)}), high-water ${mb(r.highWater)}`,
  );
}
const [small, large] = results;
console.log(
  `verdict: ${(large.customer.storedBytes / small.customer.storedBytes).toFixed(1)}x the files and ${large.customer.stored.messages / small.customer.stored.messages}x the messages; ` +
    `peak RSS ${mb(large.peak)} against ${mb(small.peak)} (${(large.peak / small.peak).toFixed(2)}x), growth over idle +${mb(large.peak - large.idle)} against +${mb(small.peak - small.idle)}`,
);
