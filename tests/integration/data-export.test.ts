import { and, eq, inArray, sql } from "drizzle-orm";
import express from "express";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readZip } from "../read-zip";
import {
  auditEvents,
  dataExports,
  deliveredFiles,
  emailMessages,
  googleBusinessInfo,
  googleBusinessProgress,
  messages,
  notifications,
  paymentRefunds,
  payments,
  profiles,
  reviewRounds,
  user as users,
  websiteCredentials,
  websiteInfo,
} from "~db/schema";
import { DataExportWorker } from "~/features/data-export/data-export-worker.server";
import { getDataExport } from "~/features/data-export/get-data-export.server";
import { openDataExportDownload } from "~/features/data-export/open-data-export-download.server";
import { requestDataExport } from "~/features/data-export/request-data-export.server";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import { EXPORTS_BUCKET, type Storage } from "~/lib/storage/storage.server";
import { sweepOrphanFiles } from "~/lib/storage/storage-sweep.server";
import { storeUpload, type StoredUpload } from "~/lib/storage/uploads.server";
import { action as profileAction } from "~/routes/dashboard/profile";
import { dataExportDownloadRouter } from "../../server/data-export-download";
import { filesRouter } from "../../server/files";
import {
  refusal,
  routeAnswer,
  routeArgs,
  signUpCustomer,
  testServices,
  type SignedIn,
  type TestServices,
} from "./support";
import { testApp } from "./test-app";

// 'Download my data': the request, the background worker's ZIP (read back with yauzl), who may download it, the
// secrets only with the password confirmed, one export a day, the 24-hour expiry, and S3 storage (s3rver).

/** The secrets customer A stored: no export without the password confirmation may contain any of them. */
const SECRETS = {
  gmail: "Gmail-Secret-7f3a91",
  password: "Hosting-Pass-2c8e44",
  pin: "Pin-Secret-991337",
  details: "Details-Secret-recovery-codes-5b6d",
};

const app = testApp();
let worker: DataExportWorker;
let a: SignedIn;
let b: SignedIn;
let admin: SignedIn;
let staffA: SignedIn;
let png: Uint8Array<ArrayBuffer>;
/** The download endpoint and the files route over real HTTP, as server/app.ts mounts them. */
let server: Server;
let base: string;

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#c63" } })
      .png()
      .toBuffer(),
  );
  a = await app.customer({ name: "Ana Export" });
  b = await app.customer({ name: "Blair Export" });
  admin = await app.admin();
  staffA = await app.staff([a.id]);
  worker = workerFor(app.services, app.services.storage);
  const web = express().use(filesRouter(app.services)).use(dataExportDownloadRouter(app.services));
  server = await new Promise((resolve) => {
    const listening = web.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

function workerFor(
  on: TestServices,
  storage: Storage,
  options: ConstructorParameters<typeof DataExportWorker>[1] = {},
) {
  return new DataExportWorker({ ...on, storage }, { progressEveryMs: 0, log: () => {}, ...options });
}

const ask = (who: SignedIn, password = "", on: TestServices = app.services) =>
  requestDataExport(on, who.user, { password, headers: new Headers({ cookie: who.cookie }) });

const store = async (
  on: TestServices,
  kind: Parameters<typeof storeUpload>[1],
  owner: string,
  file?: File,
): Promise<StoredUpload> =>
  storeUpload(
    on.storage,
    kind,
    owner,
    file ?? new File([png], "x.png", { type: "image/png" }),
    async (stored) => stored,
  );

/** A customer with something in every part of the export, files in every folder, and `messageCount` messages. */
async function seedCustomer(on: TestServices, who: SignedIn, { messageCount = 1_100 } = {}) {
  const db = on.database.db;
  const avatar = await store(on, "avatar", who.id);
  await db.update(profiles).set({ avatarUrl: avatar.url, phone: "(555) 010-2030" }).where(eq(profiles.id, who.id));
  const proof = await store(on, "payment-proof", who.id);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: who.id,
      serviceType: "google_business",
      amount: 150,
      paymentMethod: "zelle",
      status: "completed",
      proofUrl: proof.url,
    })
    .returning();
  await db
    .insert(paymentRefunds)
    .values({ paymentId: payment!.id, userId: who.id, amount: 20, reason: "Goodwill", status: "completed" });
  const logo = await store(on, "google-logo", who.id);
  const photo = await store(on, "google-photo", who.id);
  await db.insert(googleBusinessInfo).values({
    userId: who.id,
    gmailEmail: "ana.business@gmail.com",
    gmailPassword: encryptSecret(on.secrets, SECRETS.gmail),
    legalBusinessName: "Ana's Bakery",
    logoUrl: logo.url,
    photoUrls: [photo.url],
    serviceCities: ["Austin"],
  });
  const siteLogo = await store(on, "website-logo", who.id);
  await db
    .insert(websiteInfo)
    .values({ userId: who.id, legalBusinessName: "Ana's Bakery", logoUrl: siteLogo.url, primaryColor: "#336699" });
  await db.insert(googleBusinessProgress).values({
    userId: who.id,
    informationCollection: true,
    stepDates: { informationCollection: { at: "2026-01-02T03:04:05.000Z", auto: true } },
  });
  await db
    .insert(notifications)
    .values({ userId: who.id, type: "payment", title: "Stored title", message: "Stored message" });
  await db.insert(websiteCredentials).values({
    userId: who.id,
    credentialType: "hosting",
    title: "Host Co",
    username: "ana-host",
    password: encryptSecret(on.secrets, SECRETS.password),
    pin: encryptSecret(on.secrets, SECRETS.pin),
    details: encryptSecret(on.secrets, SECRETS.details),
  });
  // Messages: many share one created_at (a single statement's now()), so the pages must break ties by id.
  const attachment = await store(on, "message-attachment", who.id);
  await db.insert(messages).values({
    userId: who.id,
    fromAgency: false,
    body: "Here is our menu",
    attachments: [
      {
        url: attachment.url,
        thumbnailUrl: attachment.thumbnailUrl,
        name: "menu.png",
        size: attachment.size,
        contentType: "image/png",
      },
    ],
  });
  for (let start = 1; start < messageCount; start += 400) {
    const batch = Array.from({ length: Math.min(400, messageCount - start) }, (_, i) => ({
      userId: who.id,
      fromAgency: (start + i) % 2 === 0,
      authorId: (start + i) % 2 === 0 ? admin.id : null,
      body: `Message number ${start + i}`,
    }));
    await db.insert(messages).values(batch);
  }
  const roundFile = await store(on, "approval-file", who.id);
  await db.insert(reviewRounds).values({
    userId: who.id,
    service: "website",
    version: 1,
    title: "Home page",
    files: [
      {
        url: roundFile.url,
        thumbnailUrl: roundFile.thumbnailUrl,
        name: "menu.png",
        size: roundFile.size,
        contentType: "image/png",
      },
    ],
  });
  const delivered = await store(on, "delivered-file", who.id, new File([new Uint8Array(4096).fill(9)], "Logo set.zip"));
  await db
    .insert(deliveredFiles)
    .values({ userId: who.id, service: "website", fileUrl: delivered.url, name: "Logo set.zip", size: delivered.size });
  return { avatar, proof, logo, photo, siteLogo, attachment, roundFile, delivered };
}

async function downloadBytes(on: TestServices, storage: Storage, who: SignedIn, exportId: string): Promise<Buffer> {
  const { body } = await openDataExportDownload({ ...on, storage }, who.user, { exportId });
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The download as a browser asks for it: the signed-in user of `cookie` (none: a visitor). */
function downloadRoute(exportId: string, cookie?: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/exports/${exportId}/download`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

interface ExportJson {
  secretsIncluded: boolean;
  profile: Record<string, unknown>;
  payments: Record<string, unknown>[];
  informationForms: { googleBusiness: Record<string, unknown>; website: Record<string, unknown> };
  progress: { googleBusiness: Record<string, unknown>[] | null; website: unknown };
  notifications: Record<string, unknown>[];
  messages: { text: string; from: string; author: string | null; attachments: { file: string }[] }[];
  approvalRounds: { files: { file: string }[] }[];
  deliveredFiles: { file: string }[];
  credentials: Record<string, unknown>[];
}

let exportA: string;
let zipA: Map<string, Buffer>;
let zipABytes: Buffer;
let seededA: Awaited<ReturnType<typeof seedCustomer>>;

describe("a customer's data export", () => {
  it("is queued by the Profile page's intent, prepared by the worker with live progress, and then ready, notified and e-mailed", async () => {
    seededA = await seedCustomer(app.services, a);
    const form = new FormData();
    form.set("intent", "request-data-export");
    const answer = routeAnswer(
      await profileAction(
        await routeArgs(app.services, "/dashboard/profile", {
          method: "POST",
          body: form,
          headers: { cookie: a.cookie },
        }),
      ),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.userId, a.id));
    expect(row).toMatchObject({ status: "pending", withSecrets: false, progress: 0, fileKey: null });
    exportA = row!.id;
    expect((await getDataExport(app.services, a.user)).latest).toMatchObject({
      id: exportA,
      state: "preparing",
      progress: 0,
      downloadUrl: null,
    });
    expect(await app.deliveredChanges()).toContainEqual({ table: "data_exports", userId: a.id });

    const progress: number[] = [];
    const unsubscribe = app.services.bus.subscribe(async (change) => {
      if (change.table !== "data_exports" || change.userId !== a.id) return;
      const [now] = await app.db
        .select({ progress: dataExports.progress })
        .from(dataExports)
        .where(eq(dataExports.id, exportA));
      progress.push(now!.progress);
    });
    await worker.runDue();
    await vi.waitFor(() => expect(progress).toContain(100));
    unsubscribe();
    // The page heard of it as it went: several progress writes on the way to 100, never going back.
    expect(new Set(progress).size).toBeGreaterThan(3);
    expect(progress.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(2);

    const view = await getDataExport(app.services, a.user);
    expect(view.latest).toMatchObject({
      id: exportA,
      state: "ready",
      progress: 100,
      withSecrets: false,
      downloadUrl: `/exports/${exportA}/download`,
    });
    expect(view.nextAllowedAt).not.toBeNull();
    const [ready] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportA));
    expect(ready!.expiresAt!.getTime() - ready!.readyAt!.getTime()).toBe(24 * 3600 * 1000);
    expect(ready!.fileKey).toBe(`${a.id}/${exportA}.zip`);

    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.type, "data_export_ready")));
    expect([bell?.title, bell?.message]).toEqual([
      "Your data is ready to download",
      "Download it from your Profile page within 24 hours; then the file is deleted.",
    ]);
    const [mail] = await app.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, a.email), eq(emailMessages.subject, "Your data is ready to download")));
    expect(mail?.link).toBe("/dashboard/profile");
    // No secret was written out: no reveal on the record.
    expect(
      await app.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.customerId, a.id), eq(auditEvents.action, "secret.reveal"))),
    ).toEqual([]);
    // The temporary ZIP is gone from the data folder.
    expect(readdirSync(path.join(app.services.env.DATA_DIR, "tmp", "data-exports"))).toEqual([]);
  });

  it("downloads as a ZIP whose data.json holds every part of the customer's data, with every file under its folder", async () => {
    const response = await downloadRoute(exportA, a.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    zipABytes = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get("content-length"))).toBe(zipABytes.length);
    zipA = await readZip(zipABytes);

    const data = JSON.parse(zipA.get("data.json")!.toString("utf8")) as ExportJson;
    expect(data.secretsIncluded).toBe(false);
    expect(data.profile).toMatchObject({
      id: a.id,
      fullName: "Ana Export",
      email: a.email,
      phone: "(555) 010-2030",
      emailUpdates: true,
      reminders: true,
      picture: expect.stringMatching(/^files\/profile\/avatar_/),
    });
    expect(data.payments).toEqual([
      expect.objectContaining({
        service: "google_business",
        serviceName: "Google Business Profile",
        amount: 150,
        status: "completed",
        receiptNumber: expect.stringMatching(/^R-\d{6}$/),
        refunds: [expect.objectContaining({ amount: 20, reason: "Goodwill" })],
        proof: expect.stringMatching(/^files\/payment-proofs\//),
      }),
    ]);
    expect(data.informationForms.googleBusiness).toMatchObject({
      gmailEmail: "ana.business@gmail.com",
      storedSecrets: ["gmailPassword"],
      legalBusinessName: "Ana's Bakery",
      serviceCities: ["Austin"],
      logo: expect.stringMatching(/^files\/google-business\//),
      photos: [expect.stringMatching(/^files\/google-business\//)],
    });
    expect(data.informationForms.googleBusiness).not.toHaveProperty("gmailPassword");
    expect(data.informationForms.website).toMatchObject({
      primaryColor: "#336699",
      logo: expect.stringMatching(/^files\/website\//),
      founderPhoto: null,
    });
    expect(data.progress.googleBusiness?.[0]).toEqual({
      step: "informationCollection",
      name: "Information Collection",
      done: true,
      doneAt: "2026-01-02T03:04:05.000Z",
    });
    expect(data.progress.website).toBeNull();
    // The bell as it was when the export was made (its own 'ready' notification came after).
    expect(data.notifications).toEqual([
      expect.objectContaining({ type: "payment", title: "Stored title", message: "Stored message", read: false }),
    ]);
    // Every message once, in order, across the pages (1,100, many with one timestamp).
    expect(data.messages).toHaveLength(1_100);
    expect(new Set(data.messages.map((m) => m.text)).size).toBe(1_100);
    expect(data.messages[0]).toMatchObject({
      from: "you",
      text: "Here is our menu",
      attachments: [{ name: "menu.png", file: "files/messages/menu.png" }],
    });
    expect(data.messages.find((m) => m.from === "agency")).toMatchObject({ author: "Admin" });
    expect(data.approvalRounds[0]).toMatchObject({
      title: "Home page",
      files: [{ name: "menu.png", file: "files/approvals/menu.png" }],
    });
    expect(data.deliveredFiles).toEqual([
      expect.objectContaining({ name: "Logo set.zip", size: 4096, file: "files/delivered/Logo set.zip" }),
    ]);
    expect(data.credentials).toEqual([
      expect.objectContaining({
        type: "hosting",
        title: "Host Co",
        username: "ana-host",
        storedSecrets: ["password", "pin", "details"],
      }),
    ]);
    expect(data.credentials[0]).not.toHaveProperty("password");

    // Each file data.json names is in the ZIP, byte for byte as stored; no thumbnails, nothing else.
    const named = [
      data.profile.picture,
      data.payments[0]!.proof,
      data.informationForms.googleBusiness.logo,
      ...(data.informationForms.googleBusiness.photos as string[]),
      data.informationForms.website.logo,
      data.messages[0]!.attachments[0]!.file,
      data.approvalRounds[0]!.files[0]!.file,
      data.deliveredFiles[0]!.file,
    ] as string[];
    expect([...zipA.keys()].sort()).toEqual(["data.json", "summary.html", ...named].sort());
    const stored = seededA;
    const bytesOf = async (upload: StoredUpload) =>
      Buffer.from((await app.services.storage.get(upload.bucket, upload.key))!);
    expect(zipA.get(data.profile.picture as string)).toEqual(await bytesOf(stored.avatar));
    expect(zipA.get("files/delivered/Logo set.zip")).toEqual(await bytesOf(stored.delivered));
    expect(zipA.get("files/messages/menu.png")).toEqual(await bytesOf(stored.attachment));
  });

  it("holds summary.html, the same data in plain words in the customer's language, linking each file it carries", () => {
    const summary = zipA.get("summary.html")!.toString("utf8");
    expect(summary).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(summary).not.toContain("<script");
    expect(summary).toContain('<tr><th scope="row">Name</th><td>Ana Export</td></tr>');
    expect(summary).toContain(`<tr><th scope="row">E-mail</th><td>${a.email}</td></tr>`);
    expect(summary).toContain('<tr><th scope="row">Business name</th><td>Ana&#39;s Bakery</td></tr>');
    // The first message and the odd-numbered ones are the customer's.
    expect(summary).toContain("<li>1,100 messages in your conversation with us (551 from you, 549 from us)</li>");
    expect(summary).toContain("Stored, not in this export");
    // Every stored file the ZIP carries, linked by its place in it.
    const files = [...zipA.keys()].filter((name) => name.startsWith("files/"));
    expect(files.length).toBe(8);
    for (const file of files)
      expect(summary).toContain(`<a href="${file.split("/").map(encodeURIComponent).join("/")}">${file}</a>`);
  });

  it("holds no secret without the password confirmation: not in the ZIP's bytes, not in any file once unpacked", () => {
    const everything = [zipABytes, ...zipA.values()].map((bytes) => bytes.toString("latin1")).join("\n");
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
    // Nor their encrypted form.
    expect(everything).not.toMatch(/v1:[0-9a-f]{16}:/);
  });

  it("is the customer's alone: another customer, their staff member and admins get 404, visitors 401; the files route serves no export", async () => {
    expect((await downloadRoute(exportA)).status).toBe(401);
    for (const other of [b, staffA, admin]) {
      const response = await downloadRoute(exportA, other.cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        ok: false,
        error: { code: "data_export_not_found", message: "Export not found" },
      });
    }
    expect((await refusal(openDataExportDownload(app.services, admin.user, { exportId: exportA }))).code).toBe(
      "data_export_not_found",
    );
    expect((await downloadRoute("not-a-uuid", a.cookie)).status).toBe(404);

    // Not even an admin, who reads every other stored file, gets it through /files.
    for (const who of [admin, a]) {
      const response = await fetch(`${base}/files/${EXPORTS_BUCKET}/${a.id}/${exportA}.zip`, {
        headers: { cookie: who.cookie },
      });
      expect(response.status).toBe(404);
    }
    expect(
      (await fetch(`${base}/files/avatars/${seededA.avatar.key}`, { headers: { cookie: admin.cookie } })).status,
    ).toBe(200);
  });

  it("is a customer's only: an admin or a staff member asking for their own is refused, and their Profile has no 'Your data' card", async () => {
    // A member still to enrol in two-factor has no team power in their session, but their account is still the team's.
    const unenrolled = { ...admin.user, isAdmin: false, assignedCustomerIds: null };
    for (const member of [admin.user, staffA.user, unenrolled]) {
      expect(
        (await refusal(requestDataExport(app.services, member, { password: "", headers: new Headers() }))).code,
      ).toBe("forbidden");
      expect(await getDataExport(app.services, member)).toEqual({
        available: false,
        latest: null,
        nextAllowedAt: null,
      });
    }
    const teamIds = [admin.id, staffA.id];
    expect(await app.db.select().from(dataExports).where(inArray(dataExports.userId, teamIds))).toEqual([]);
    expect((await getDataExport(app.services, b.user)).available).toBe(true);
  });

  it("allows one export a day: a second is refused in the customer's language, a failed one does not count", async () => {
    const again = await refusal(ask(a));
    expect([again.code, again.status]).toEqual(["data_export_daily_limit", 429]);
    const form = new FormData();
    form.set("intent", "request-data-export");
    const spanish = routeAnswer(
      await profileAction(
        await routeArgs(app.services, "/dashboard/profile", {
          method: "POST",
          body: form,
          headers: { cookie: a.cookie, "accept-language": "es" },
        }),
      ),
    );
    expect(spanish.status).toBe(429);
    expect((spanish.body as { error: string }).error).toMatch(/una vez al día|una vez por día/i);

    // B: two requests at once make one export.
    const both = await Promise.allSettled([ask(b), ask(b)]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [made] = await app.db.select().from(dataExports).where(eq(dataExports.userId, b.id));
    // Failed (the agency's fault): B may ask again at once.
    await app.db.update(dataExports).set({ status: "failed", error: "test" }).where(eq(dataExports.id, made!.id));
    expect((await getDataExport(app.services, b.user)).latest?.state).toBe("failed");
    expect((await getDataExport(app.services, b.user)).nextAllowedAt).toBeNull();
    await ask(b);
    // 25 hours later (the last export moved back in time), A may ask again.
    await app.db
      .update(dataExports)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(dataExports.userId, a.id));
    expect((await getDataExport(app.services, a.user)).nextAllowedAt).toBeNull();
    await app.db.update(dataExports).set({ createdAt: sql`now()` }).where(eq(dataExports.userId, a.id));
    await worker.runDue();
  });

  it("expires 24 hours after it is ready: refused at once (410), then the worker deletes the ZIP and the page says so", async () => {
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportA));
    expect(await app.services.storage.get(EXPORTS_BUCKET, row!.fileKey!)).not.toBeNull();
    await app.db
      .update(dataExports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(dataExports.id, exportA));
    const refused = await downloadRoute(exportA, a.cookie);
    expect(refused.status).toBe(410);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("data_export_expired");
    const spanish = (await (await downloadRoute(exportA, a.cookie, { "accept-language": "es" })).json()) as {
      error: { message: string };
    };
    expect(spanish.error.message).toBe(
      "Esta descarga venció y su archivo se eliminó. Puede pedir una nueva exportación en su página de Perfil.",
    );
    expect((await getDataExport(app.services, a.user)).latest).toMatchObject({ state: "expired", downloadUrl: null });

    await worker.housekeeping();
    const [after] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportA));
    expect(after).toMatchObject({ status: "ready", fileKey: null });
    expect(await app.services.storage.get(EXPORTS_BUCKET, row!.fileKey!)).toBeNull();
    expect((await downloadRoute(exportA, a.cookie)).status).toBe(410);
  });

  it("puts the secrets in clear only with the right password, on the record; a wrong one is refused on its field", async () => {
    const c = await app.customer({ name: "Cleo Secrets" });
    await seedCustomer(app.services, c, { messageCount: 3 });
    // In Spanish, with a name that would be markup if the summary did not escape it.
    await app.db.update(users).set({ language: "es" }).where(eq(users.id, c.id));
    await app.db
      .update(profiles)
      .set({ fullName: 'Cleo <b onclick="x">Secrets</b> & Co' })
      .where(eq(profiles.id, c.id));
    const wrong = await refusal(ask(c, "Wr0ng!Password-x"));
    expect([wrong.code, wrong.options.field]).toEqual(["current_password_wrong", "password"]);
    expect(await app.db.select().from(dataExports).where(eq(dataExports.userId, c.id))).toEqual([]);

    const { id, withSecrets } = await ask(c, c.password);
    expect(withSecrets).toBe(true);
    await worker.runDue();
    const zip = await readZip(await downloadBytes(app.services, app.services.storage, c, id));
    const data = JSON.parse(zip.get("data.json")!.toString("utf8")) as ExportJson;
    expect(data.secretsIncluded).toBe(true);
    expect(data.informationForms.googleBusiness).toMatchObject({ gmailPassword: SECRETS.gmail });
    expect(data.credentials[0]).toMatchObject({
      password: SECRETS.password,
      pin: SECRETS.pin,
      details: SECRETS.details,
    });
    // The summary says the passwords are in data.json, in Spanish, and shows none of them.
    const summary = zip.get("summary.html")!.toString("utf8");
    expect(summary).toMatch(/^<!doctype html>\n<html lang="es">/);
    expect(summary).toContain(
      '<tr><th scope="row">Nombre</th><td>Cleo &lt;b onclick=&quot;x&quot;&gt;Secrets&lt;/b&gt; &amp; Co</td></tr>',
    );
    expect(summary).not.toContain("<b onclick");
    expect(summary).toContain("guarde este ZIP en un lugar seguro");
    for (const secret of Object.values(SECRETS)) expect(summary).not.toContain(secret);
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.customerId, c.id), eq(auditEvents.action, "secret.reveal")));
    expect(event).toMatchObject({ actorId: c.id, detail: { kind: "data_export", id } });
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.id), eq(notifications.type, "data_export_ready")));
    expect(bell?.message).toContain("Incluye las contraseñas que guardó con nosotros");
  });

  it("stops guessing: after five wrong passwords in a while, even the right one is refused for a time", async () => {
    const d = await app.customer({ name: "Dee Guesser" });
    for (let i = 0; i < 5; i += 1)
      expect((await refusal(ask(d, `Wr0ng!Guess-${i}`))).code).toBe("current_password_wrong");
    expect((await refusal(ask(d, "Wr0ng!Guess-5"))).code).toBe("password_confirm_rate_limited");
    expect((await refusal(ask(d, d.password))).code).toBe("password_confirm_rate_limited");
    // Without the password the export is still possible.
    await ask(d);
  });

  it("takes each waiting export once, with several workers at once; an export left running by a dead process is tried once more, then failed", async () => {
    const customers = await Promise.all([1, 2, 3].map((n) => app.customer({ name: `Multi ${n}` })));
    for (const customer of customers) await ask(customer);
    const others = [workerFor(app.services, app.services.storage), workerFor(app.services, app.services.storage)];
    await Promise.all([worker.runDue(), ...others.map((other) => other.runDue())]);
    for (const customer of customers) {
      const rows = await app.db.select().from(dataExports).where(eq(dataExports.userId, customer.id));
      expect(rows.map((row) => row.status)).toEqual(["ready"]);
      const bells = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, customer.id), eq(notifications.type, "data_export_ready")));
      expect(bells).toHaveLength(1);
    }

    // A process claimed E's export and died: its lease runs out.
    const e = await app.customer({ name: "Eve Crash" });
    const { id } = await ask(e);
    const crash = async () =>
      app.db
        .update(dataExports)
        .set({ status: "running", startedAt: new Date(), progress: 40, expiresAt: sql`now() - interval '1 second'` })
        .where(eq(dataExports.id, id));
    await crash();
    await worker.housekeeping();
    const [queued] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(queued).toMatchObject({ status: "pending", error: "interrupted", progress: 0 });
    await crash();
    await worker.housekeeping();
    const [failed] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(failed).toMatchObject({ status: "failed" });
    expect((await getDataExport(app.services, e.user)).latest?.state).toBe("failed");
  });

  it("stops at once with the worker (the export goes back to the queue), and fails an export stuck past its time", async () => {
    const g = await app.customer({ name: "Gil Stuck" });
    await seedCustomer(app.services, g, { messageCount: 2 });
    // A storage whose files never finish reading: the build waits on its first file.
    const stuck: Storage = {
      ...app.services.storage,
      get: app.services.storage.get.bind(app.services.storage),
      put: app.services.storage.put.bind(app.services.storage),
      delete: app.services.storage.delete.bind(app.services.storage),
      getStream: async () => ({ body: new PassThrough(), size: 1 }),
    };
    const { id } = await ask(g);
    const stopping = workerFor(app.services, stuck);
    const pass = stopping.runDue();
    await vi.waitFor(async () => {
      const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
      expect(row?.progress).toBeGreaterThanOrEqual(30);
    });
    await stopping.stop();
    await pass;
    const [released] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(released).toMatchObject({ status: "pending", progress: 0, startedAt: null, fileKey: null, error: null });
    expect(readdirSync(path.join(app.services.env.DATA_DIR, "tmp", "data-exports"))).toEqual([]);

    await workerFor(app.services, stuck, { maxRunMs: 500 }).runDue();
    const [failed] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(failed).toMatchObject({ status: "failed", fileKey: null });
    expect(failed!.error).toMatch(/Still not ready/);
  });

  it("leaves no ZIP for the start-up sweep to mistake: a ready export's file stays, an unnamed one is an orphan", async () => {
    const [row] = await app.db
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, b.id), eq(dataExports.status, "ready")));
    expect(row?.fileKey).toBeTruthy();
    await app.services.storage.put(
      EXPORTS_BUCKET,
      `${b.id}/left-by-a-crash.zip`,
      new Uint8Array([1, 2, 3]),
      "application/zip",
    );
    const swept = await sweepOrphanFiles(app.db, app.services.storage, { graceMs: 0, now: () => Date.now() + 1_000 });
    expect(swept.removed).toContain(`${EXPORTS_BUCKET}/${b.id}/left-by-a-crash.zip`);
    expect(swept.removed).not.toContain(`${EXPORTS_BUCKET}/${row!.fileKey}`);
    expect(await app.services.storage.get(EXPORTS_BUCKET, row!.fileKey!)).not.toBeNull();
  });
});

describe("a data export on S3-compatible storage (s3rver)", () => {
  let s3: S3rver;
  let s3Dir: string;
  let s3Services: TestServices;
  let s3Worker: DataExportWorker;

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(os.tmpdir(), "export-s3-"));
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      directory: s3Dir,
      silent: true,
      configureBuckets: [{ name: "exports-it" }],
    });
    const { port } = await s3.run();
    s3Services = await testServices(app.database, {
      STORAGE_S3_BUCKET: "exports-it",
      STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      STORAGE_S3_REGION: "us-east-1",
      STORAGE_S3_ACCESS_KEY_ID: "S3RVER",
      STORAGE_S3_SECRET_ACCESS_KEY: "S3RVER",
      STORAGE_S3_FORCE_PATH_STYLE: "1",
    });
    s3Worker = workerFor(s3Services, s3Services.storage);
  }, 60_000);

  afterAll(async () => {
    await s3Services?.close();
    await s3?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it("reads the customer's files from the bucket, stores the ZIP there, streams it back, and the expiry removes it", async () => {
    const f = await signUpCustomer(s3Services, { name: "Fran Bucket" });
    const seeded = await seedCustomer(s3Services, f, { messageCount: 20 });
    const { id } = await ask(f, f.password, s3Services);
    await s3Worker.runDue();
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, id));
    expect(row).toMatchObject({ status: "ready", fileKey: `${f.id}/${id}.zip` });
    const zipBytes = await downloadBytes(s3Services, s3Services.storage, f, id);
    expect(zipBytes.length).toBe(row!.size);
    const zip = await readZip(zipBytes);
    const data = JSON.parse(zip.get("data.json")!.toString("utf8")) as ExportJson;
    expect(data.messages).toHaveLength(20);
    expect(data.credentials[0]).toMatchObject({ password: SECRETS.password });
    expect(zip.get("files/delivered/Logo set.zip")).toEqual(
      Buffer.from((await s3Services.storage.get("job-files", seeded.delivered.key))!),
    );
    expect(zip.size).toBe(10);

    await app.db.update(dataExports).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(dataExports.id, id));
    await s3Worker.housekeeping();
    expect(await s3Services.storage.get(EXPORTS_BUCKET, row!.fileKey!)).toBeNull();
    expect(
      (
        await refusal(
          openDataExportDownload({ ...app.services, storage: s3Services.storage }, f.user, { exportId: id }),
        )
      ).code,
    ).toBe("data_export_expired");
  });
});
