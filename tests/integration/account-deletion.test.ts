import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  adminUserNotes,
  auditEvents,
  dataExports,
  deliveredFiles,
  deletionRequests,
  emailMessages,
  googleBusinessInfo,
  notifications,
  paymentRefunds,
  payments,
  profiles,
  teamInvitations,
  user,
  websiteInfo,
} from "~db/schema";
import { ACCOUNT_ERASED_PAYMENT_NOTE, REMOVED } from "~/features/account-deletion/account-deletion";
import { approveDeletionRequest } from "~/features/account-deletion/approve-deletion-request.server";
import { declineDeletionRequest } from "~/features/account-deletion/decline-deletion-request.server";
import { deleteCustomer } from "~/features/account-deletion/delete-customer.server";
import { deleteOwnAccount } from "~/features/account-deletion/delete-own-account.server";
import { getOwnDeletionStatus } from "~/features/account-deletion/get-own-deletion-status.server";
import { getPendingDeletionRequest } from "~/features/account-deletion/get-pending-deletion-request.server";
import { withdrawDeletionRequest } from "~/features/account-deletion/withdraw-deletion-request.server";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { decideRound } from "~/features/approvals/decide-round.server";
import { requestApproval } from "~/features/approvals/request-approval.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import { addDeliveredFile } from "~/features/delivered-files/add-delivered-file.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { saveNote } from "~/features/notes/save-note.server";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { refundPayment } from "~/features/payments/refunds/refund-payment.server";
import { submitZelleProof } from "~/features/payments/zelle/submit-zelle-proof.server";
import { updateAvatar } from "~/features/profile/update-avatar.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { assignCustomer } from "~/features/users/assign-customer.server";
import { currentCounters } from "~/features/users/list-customers.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { recordAuditEvent } from "~/lib/auth/audit.server";
import { createMailer, EmailSender, type Mailer } from "~/lib/email/email.server";
import type { Change } from "~/lib/realtime/realtime";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import { EXPORTS_BUCKET, LocalStorage, type Bucket } from "~/lib/storage/storage.server";
import { storeUpload } from "~/lib/storage/uploads.server";
import { thumbnailKey } from "~/domain/upload-kinds";
import { action as dashboardAction } from "~/routes/admin/dashboard";
import { action as detailAction } from "~/routes/admin/user-detail/layout";
import { action as profileAction } from "~/routes/dashboard/profile";
import { startFakeS3, type FakeS3 } from "../fakes/s3-server";
import {
  authRequest,
  makeAdmin,
  makeStaff,
  refusal,
  routeAnswer,
  routeContext,
  signIn,
  signUpCustomer,
  SITE_URL,
  testDatabase,
  testServices,
  uniqueEmail,
  type SignedIn,
  type TestDatabase,
  type TestServices,
} from "./support";
import { testApp, type TestApp } from "./test-app";

// Closing an account erases the customer in one transaction (files after the commit), whichever path asks for it: the
// customer's own 'Delete my account', an admin approving their request, an admin's 'Delete customer'. These tests
// read the whole database afterwards, not a list of tables: a table added later that names a customer and has no
// deletion rule fails them.

let png: Uint8Array;
let fakeS3: FakeS3;
const quiet = () => {};

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } })
      .png()
      .toBuffer(),
  );
  fakeS3 = await startFakeS3();
});

afterAll(async () => {
  await fakeS3?.close();
});

const image = (name = "photo.png") => new File([new Uint8Array(png)], name, { type: "image/png" });

/** Someone nobody else is named like: their name, address, phone and company appear nowhere but in their own rows. */
function person(label: string) {
  const tag = randomBytes(4).toString("hex");
  const digits = String(parseInt(tag, 16) % 10_000).padStart(4, "0");
  return {
    name: `${label} Quillfeather ${tag}`,
    email: uniqueEmail(`${label.toLowerCase()}-${tag}`),
    phone: `(555) 7${digits.slice(0, 2)}-${digits}`,
    companyName: `${label} Lanterns ${tag}`,
  };
}

/** Every column that names a user: the foreign keys to user(id), and the columns named as user ids are, foreign key or not. */
async function userColumns(database: TestDatabase): Promise<{ table: string; column: string }[]> {
  const { rows } = await database.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
      and (c.column_name ~ '(^|_)(user|customer|actor|author|member|owner|requester)_id$' or c.column_name ~ '_by$')
    union
    select cl.relname, a.attname
    from pg_constraint k
    join pg_class cl on cl.oid = k.conrelid
    join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
    join lateral unnest(k.conkey) as key(attnum) on true
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = key.attnum
    where k.contype = 'f' and k.confrelid = 'public."user"'::regclass
    union
    select 'user', 'id'`);
  return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

/** The rows of every table whose user columns name this id: none is expected once the account is erased. */
async function rowsNaming(database: TestDatabase, userId: string): Promise<string[]> {
  const columns = await userColumns(database);
  // The walk reaches the tables the deletion has to think about: the auth tables, the customer's own, the team's.
  expect(columns.map((column) => column.table)).toEqual(
    expect.arrayContaining([
      "session",
      "account",
      "profiles",
      "payments",
      "audit_events",
      "messages",
      "deletion_requests",
    ]),
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = ${userId}`,
    );
    if (Number(rows[0]?.n) > 0) found.push(`${table}.${column}: ${rows[0]!.n}`);
  }
  return found;
}

/** The tables whose rows, read as text, contain any of these words (whatever their case). */
async function tablesMentioning(database: TestDatabase, words: readonly string[]): Promise<string[]> {
  const { rows: tables } = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  expect(tables.length).toBeGreaterThan(30);
  const found: string[] = [];
  for (const { table_name } of tables) {
    for (const word of words) {
      const { rows } = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where position(lower(${word}) in lower(t::text)) > 0`,
      );
      if (Number(rows[0]?.n) > 0) found.push(`${table_name} names "${word}" (${rows[0]!.n})`);
    }
  }
  return found;
}

/** Sends every queued e-mail with a mailer that keeps them, as the server's sender does. */
async function sendQueued(database: TestDatabase) {
  const sent: Parameters<Mailer>[0][] = [];
  const sender = new EmailSender(database.db, async (message) => void sent.push(message), {
    log: quiet,
    branding: async () => ({ companyName: "Erase Co", supportEmail: "help@erase.test" }),
  });
  await sender.sendDue();
  return sent;
}

interface World {
  database: TestDatabase;
  services: TestServices;
  admin: SignedIn;
}

/** A describe's world on its test app (testApp in the describe): the app's database and services, and an admin. */
async function worldOf(app: TestApp): Promise<World> {
  return { database: app.database, services: app.services, admin: await app.admin() };
}

/**
 * A world of its own, opened in a beforeAll, for settings known only then (the fake S3 server's address, which
 * testApp's settings, read when the file loads, cannot name), with what the bus delivers recorded.
 */
async function openWorld(settings: Record<string, string> = {}): Promise<World & { published: Change[] }> {
  const database = await testDatabase();
  const services = await testServices(database, settings);
  const admin = await makeAdmin(services);
  const published: Change[] = [];
  services.bus.subscribe((change) => published.push(change));
  return { database, services, admin, published };
}

/** A stored file as the tests find it again: its bucket and key, and its preview's key when it has one. */
interface KnownFile {
  bucket: Bucket;
  key: string;
}

const fileOf = (url: string): KnownFile => {
  const [, bucket, key] = /^\/files\/([^/]+)\/(.+)$/.exec(url)!;
  return { bucket: bucket as Bucket, key: key! };
};

/**
 * A customer with a bit of everything, made through the product's own use cases where it has them: a picture, two
 * approved payments (one partly refunded, the reason naming them) and a proof pending, messages both ways with a
 * file, a note about them with a photo, an approval round they sent back with a comment, a delivered file,
 * credentials, both information forms with their files, progress, a staff member, a failed sign-in and a password
 * reset, a data export, an invitation once sent to their address. Returns their stored files.
 */
async function richCustomer(
  world: World,
  staff: SignedIn,
  label: string,
): Promise<{ customer: SignedIn & ReturnType<typeof person>; files: KnownFile[] }> {
  const { services, admin, database } = world;
  const who = person(label);
  const customer = { ...(await signUpCustomer(services, who)), ...who };
  const files: KnownFile[] = [];
  const keep = (url: string | null | undefined) => {
    if (url) files.push(fileOf(url));
  };

  keep(await updateAvatar(services, customer.user, { avatar: image("me.png") }));
  const google = await submitZelleProof(services, customer.user, {
    serviceType: "google_business",
    paymentNumber: 1,
    proof: image("proof-1.png"),
  });
  await decidePayment(services, admin.user, { paymentId: google.id, decision: "approve", notes: `Thanks ${who.name}` });
  const website = await submitZelleProof(services, customer.user, {
    serviceType: "website",
    paymentNumber: 1,
    proof: image("proof-2.png"),
  });
  await decidePayment(services, admin.user, { paymentId: website.id, decision: "approve" });
  await refundPayment({ ...services, stripe: null }, admin.user, {
    paymentId: website.id,
    amount: 50,
    reason: `Discount agreed with ${who.name} by phone ${who.phone}`,
  });
  await submitZelleProof(services, customer.user, {
    serviceType: "website",
    paymentNumber: 2,
    proof: image("proof-3.png"),
  });
  for (const row of await database.db
    .select({ proofUrl: payments.proofUrl })
    .from(payments)
    .where(eq(payments.userId, customer.id)))
    keep(row.proofUrl);

  await sendMessage(services, customer.user, {
    userId: customer.id,
    body: `Hello, this is ${who.name} from ${who.companyName}`,
    files: [image("storefront.png")],
  });
  await sendMessage(services, admin.user, { userId: customer.id, body: `Welcome ${who.name}!` });
  await saveNote(services, admin.user, {
    userId: customer.id,
    title: `Call ${who.name}`,
    description: `Phone ${who.phone}`,
    photos: [image("whiteboard.png")],
  });
  const round = await requestApproval(services, admin.user, {
    userId: customer.id,
    service: "website",
    title: `${who.companyName} home page`,
    files: [image("draft.png")],
  });
  await decideRound(services, customer.user, {
    roundId: round.id,
    decision: "request-changes",
    comment: `Put ${who.phone} in the header`,
  });
  await addDeliveredFile(services, admin.user, {
    userId: customer.id,
    service: "google_business",
    file: image("logo-set.png"),
  });
  await saveCredentials(services, customer.user, {
    userId: customer.id,
    editor: "customer",
    cards: [
      { type: "hosting", title: `${who.companyName} hosting`, username: who.email, password: "Hosting-Secret-9" },
    ],
  });
  await toggleProgressStep(services, admin.user, {
    userId: customer.id,
    service: "google_business",
    step: "informationCollection",
    done: true,
  });
  await assignCustomer(services, admin.user, { customerId: customer.id, memberIds: [staff.id] });

  // The information forms with their files, written as the forms write them.
  const store = (kind: Parameters<typeof storeUpload>[1]) =>
    storeUpload(services.storage, kind, customer.id, image(`${kind}.png`), async (stored) => stored.url);
  const [logo, photo, siteLogo, founder] = [
    await store("google-logo"),
    await store("google-photo"),
    await store("website-logo"),
    await store("founder-photo"),
  ];
  await database.db.insert(googleBusinessInfo).values({
    userId: customer.id,
    gmailEmail: who.email,
    gmailPassword: encryptSecret(services.secrets, "Gmail-Secret-1"),
    legalBusinessName: who.companyName,
    phoneNumber: who.phone,
    logoUrl: logo,
    photoUrls: [photo],
  });
  await database.db.insert(websiteInfo).values({
    userId: customer.id,
    legalBusinessName: who.companyName,
    phoneNumber: who.phone,
    logoUrl: siteLogo,
    founderPhotoUrl: founder,
  });
  for (const url of [logo, photo, siteLogo, founder]) keep(url);
  for (const row of await database.db
    .select({ photoUrls: adminUserNotes.photoUrls })
    .from(adminUserNotes)
    .where(eq(adminUserNotes.userId, customer.id)))
    row.photoUrls.forEach(keep);
  const [roundRow] = await database.db
    .execute<{ url: string }>(
      sql`select jsonb_array_elements(files) ->> 'url' as url from review_rounds where user_id = ${customer.id}`,
    )
    .then((result) => result.rows);
  keep(roundRow?.url);
  const attachments = await database.db.execute<{ url: string }>(
    sql`select jsonb_array_elements(attachments) ->> 'url' as url from messages where user_id = ${customer.id}`,
  );
  attachments.rows.forEach((row) => keep(row.url));
  const delivered = await database.db.execute<{ url: string }>(
    sql`select file_url as url from delivered_files where user_id = ${customer.id}`,
  );
  delivered.rows.forEach((row) => keep(row.url));

  // A data export ready to download (its ZIP in the exports bucket).
  const exportKey = `${customer.id}/export-${randomBytes(4).toString("hex")}.zip`;
  await services.storage.put(EXPORTS_BUCKET, exportKey, new Uint8Array([0x50, 0x4b, 3, 4]), "application/zip");
  await database.db
    .insert(dataExports)
    .values({ userId: customer.id, status: "ready", fileKey: exportKey, progress: 100, size: 4 });
  files.push({ bucket: EXPORTS_BUCKET, key: exportKey });

  // Their address where the account is not: a failed sign-in, a password reset, an invitation once sent to it.
  expect((await signIn(services, who.email, "Wr0ng!Password-x")).status).toBe(401);
  expect((await authRequest(services, "/request-password-reset", { email: who.email })).status).toBe(200);
  await database.db.transaction(async (tx) => {
    const [invitation] = await tx
      .insert(teamInvitations)
      .values({
        email: who.email,
        role: "staff",
        tokenHash: randomBytes(16).toString("hex"),
        invitedBy: admin.id,
        expiresAt: new Date(Date.now() - 1000),
        revokedAt: new Date(),
      })
      .returning();
    await recordAuditEvent(tx, {
      actorId: admin.id,
      action: "team.invite",
      detail: { invitationId: invitation!.id, email: who.email, role: "staff" },
    });
  });
  expect(files.length).toBe(13);
  return { customer, files };
}

/** Whether storage still holds the file (or, for an image, its preview). */
async function stillStored(world: World, file: KnownFile): Promise<boolean> {
  const { storage } = world.services;
  return (
    (await storage.get(file.bucket, file.key)) !== null ||
    (await storage.get(file.bucket, thumbnailKey(file.key))) !== null
  );
}

/** What the back office's figures say, to compare before and after an erasure. */
async function figures(world: World) {
  const { database, admin } = world;
  const period = {
    choice: "custom" as const,
    from: "2020-01-01",
    to: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  };
  const [dashboard, analytics, counters] = await Promise.all([
    getDashboardFigures(world.services, admin.user),
    getAnalytics(world.services, admin.user, period),
    currentCounters(database.db),
  ]);
  return { dashboard, analytics, counters };
}

const S3_SETTINGS = () => ({
  STORAGE_S3_BUCKET: "agency-private",
  STORAGE_S3_ENDPOINT: fakeS3.url,
  STORAGE_S3_ACCESS_KEY_ID: "test-key",
  STORAGE_S3_SECRET_ACCESS_KEY: "test-secret",
  STORAGE_S3_FORCE_PATH_STYLE: "true",
});

describe.each([
  ["a local folder", () => ({ INBOUND_EMAIL_DOMAIN: "replies.erase.test" })],
  ["an S3 bucket", () => ({ ...S3_SETTINGS(), INBOUND_EMAIL_DOMAIN: "replies.erase.test" })],
])("an admin's 'Delete customer', files in %s", (_where, settings) => {
  let world: World & { published: Change[] };
  let staff: SignedIn;

  beforeAll(async () => {
    world = await openWorld(settings());
    staff = await makeStaff(world.services);
  });

  afterAll(async () => {
    await world?.services.close();
    await world?.database.close();
  });

  it("erases every row and file of the customer, keeps their payments without them, and the figures still add up", async () => {
    const { database, services, admin, published } = world;
    const bystander = await richCustomer(world, staff, "Bystander");
    const { customer, files } = await richCustomer(world, staff, "Zora");
    // Some of the e-mails about them have gone already (a log of sent e-mails), others are still queued.
    await sendQueued(database);
    await sendMessage(services, customer.user, { userId: customer.id, body: `One more from ${customer.name}` });
    for (const file of files) expect(await stillStored(world, file), `${file.bucket}/${file.key}`).toBe(true);
    const paymentsBefore = await database.db.select().from(payments).where(eq(payments.userId, customer.id));
    expect(paymentsBefore.map((payment) => payment.status).sort()).toEqual(["completed", "completed", "pending"]);
    const before = await figures(world);
    // The walks find them before: rows by id in their own tables, the auth tables and the team's; their words elsewhere too.
    expect(await rowsNaming(database, customer.id)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^session\.user_id/),
        expect.stringMatching(/^audit_events\.customer_id/),
        expect.stringMatching(/^payments\.user_id/),
      ]),
    );
    const named = await tablesMentioning(database, [customer.name]);
    for (const table of [
      "profiles",
      "notifications",
      "email_messages",
      "audit_events",
      "payment_refunds",
      "messages",
    ]) {
      expect(
        named.some((found) => found.startsWith(`${table} `)),
        table,
      ).toBe(true);
    }

    published.length = 0;
    await deleteCustomer(services, admin.user, {
      customerId: customer.id,
      reason: `${customer.name} asked us by phone`,
      confirmation: "DELETE",
    });

    // No row of any table names them, by id...
    expect(await rowsNaming(database, customer.id)).toEqual([]);
    // ...nor by their words, once the confirmation e-mail has gone (its address and body are then forgotten).
    const sent = await sendQueued(database);
    const confirmation = sent.filter((message) => message.to === customer.email);
    expect(confirmation.map((message) => message.subject)).toEqual(["Your account has been deleted"]);
    expect(confirmation[0]!.text).toContain("Your account has been deleted by the agency");
    expect(confirmation[0]!.text).toContain("We keep the records of your payments for bookkeeping");
    const [forgotten] = await database.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.subject, "Your account has been deleted"));
    expect(forgotten).toMatchObject({ status: "sent", to: "", text: "", html: "", forgetAfterSend: true });
    expect(
      await tablesMentioning(database, [customer.email, customer.name, customer.phone, customer.companyName]),
    ).toEqual([]);

    // Their files are gone from storage (the bystander's stay).
    for (const file of files) expect(await stillStored(world, file), `${file.bucket}/${file.key}`).toBe(false);
    for (const file of bystander.files) expect(await stillStored(world, file), `${file.bucket}/${file.key}`).toBe(true);
    if (services.storage instanceof LocalStorage) {
      const root = services.storage.root;
      const left = (dir: string): string[] =>
        existsSync(dir)
          ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
              entry.isDirectory() ? left(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
            )
          : [];
      expect(left(root).filter((file) => file.includes(customer.id))).toEqual([]);
      expect(left(root).filter((file) => file.includes(bystander.customer.id)).length).toBeGreaterThan(0);
    } else {
      expect([...fakeS3.objects.keys()].filter((key) => key.includes(customer.id))).toEqual([]);
      expect([...fakeS3.objects.keys()].filter((key) => key.includes(bystander.customer.id)).length).toBeGreaterThan(0);
    }

    // Their payments stay for the books, without them: no customer, no proof, no notes; the one still waiting was
    // closed; the refund's reason lost their name and phone.
    const kept = await database.db
      .select()
      .from(payments)
      .where(sql`${payments.id} in ${paymentsBefore.map((payment) => payment.id)}`);
    expect(kept).toHaveLength(3);
    for (const payment of kept) expect(payment).toMatchObject({ userId: null, proofUrl: null });
    expect(kept.map((payment) => [payment.status, payment.adminNotes]).sort()).toEqual([
      ["completed", null],
      ["completed", null],
      ["rejected", ACCOUNT_ERASED_PAYMENT_NOTE],
    ]);
    expect(
      kept.map((payment) => [payment.amount, payment.refundedAmount, payment.receiptNumber !== null]).sort(),
    ).toEqual(
      paymentsBefore.map((payment) => [payment.amount, payment.refundedAmount, payment.receiptNumber !== null]).sort(),
    );
    const [refund] = await database.db
      .select()
      .from(paymentRefunds)
      .where(sql`${paymentRefunds.paymentId} in ${paymentsBefore.map((payment) => payment.id)}`);
    expect(refund).toMatchObject({
      userId: null,
      amount: 50,
      reason: `Discount agreed with ${REMOVED} by phone ${REMOVED}`,
    });

    // The figures: money is unchanged, one customer fewer.
    const after = await figures(world);
    expect(after.dashboard.revenueThisMonth).toBe(before.dashboard.revenueThisMonth);
    expect(after.analytics.revenueTotal).toEqual(before.analytics.revenueTotal);
    expect(after.analytics.revenue).toEqual(before.analytics.revenue);
    expect(after.counters.total).toBe(before.counters.total - 1);
    expect(after.counters.active + after.counters.inactive + after.counters.inProgress).toBe(after.counters.total);
    expect(after.dashboard.inProgress).toBe(after.counters.inProgress);
    expect(after.analytics.funnel.signedUp).toBe(before.analytics.funnel.signedUp - 1);
    expect(after.analytics.funnel.paid).toBe(before.analytics.funnel.paid - 1);
    const queue = await getWorkQueue(world.services, admin.user);
    expect(queue.pendingPayments!.total).toBe(queue.pendingPayments!.items.length);

    // The erasure is on the record, by the admin, with their reason (without the customer's name).
    const [event] = await database.db.select().from(auditEvents).where(eq(auditEvents.action, "customer.delete"));
    expect(event).toMatchObject({ actorId: admin.id, customerId: null });
    expect(event!.detail).toMatchObject({
      by: "admin",
      reason: `${REMOVED} asked us by phone`,
      paymentsKept: 3,
      pendingPaymentsClosed: 1,
    });
    // Their open pages end, the staff member's customers change, the back office's lists drop them.
    await vi.waitFor(() =>
      expect(published).toEqual(
        expect.arrayContaining([
          { table: "session", userId: customer.id },
          { table: "profiles", userId: customer.id },
          { table: "customer_assignments", userId: staff.id },
        ]),
      ),
    );
    // And the account is no more: signing in fails.
    expect((await signIn(services, customer.email, customer.password)).status).toBe(401);
  });
});

describe("a customer's own 'Delete my account'", () => {
  const app = testApp();
  let world: World;
  let staff: SignedIn;

  beforeAll(async () => {
    world = await worldOf(app);
    staff = await app.staff();
  });

  /** The use case as the page calls it: the password is checked against the session the browser's cookie names. */
  const deleteOwn = (who: SignedIn | null, password: string, confirmation = "DELETE") =>
    deleteOwnAccount(world.services, who?.user ?? null, {
      password,
      confirmation,
      headers: new Headers(who ? { cookie: who.cookie } : {}),
    });

  /** Posts the Profile page's dialog, as the browser does. */
  async function postDelete(customer: SignedIn | null, fields: Record<string, string>) {
    const body = new FormData();
    body.append("intent", "delete-account");
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const request = new Request(`${SITE_URL}/dashboard/profile`, {
      method: "POST",
      headers: { origin: SITE_URL, ...(customer ? { cookie: customer.cookie } : {}) },
      body,
    });
    const result = await profileAction({
      request,
      context: routeContext(world.services, customer?.user ?? null),
      params: {},
    } as never);
    if (result instanceof Response)
      return {
        status: result.status,
        location: result.headers.get("location"),
        cookies: result.headers.getSetCookie(),
        body: null,
      };
    return { ...routeAnswer(result), location: null, cookies: [] };
  }

  it("with nothing pending: deleted at once, signed out, and signing in again fails", async () => {
    const who = person("Selma");
    const customer = { ...(await app.customer(who)), ...who };
    await sendMessage({ ...world.services, replyAddresses: null }, customer.user, {
      userId: customer.id,
      body: "Bye",
      files: [image()],
    });
    expect(await getOwnDeletionStatus(world.services, customer.user)).toEqual({
      available: true,
      blockers: [],
      pending: null,
      declined: null,
    });

    const answer = await postDelete(customer, { password: customer.password, confirmation: "delete" });
    expect(answer).toMatchObject({ status: 302, location: "/account-deleted" });
    // The browser's session cookie is cleared as at a sign-out.
    expect(answer.cookies.some((cookie) => /session_token=;/.test(cookie) && /Max-Age=0/i.test(cookie))).toBe(true);
    expect(await rowsNaming(world.database, customer.id)).toEqual([]);
    await sendQueued(world.database);
    expect(await tablesMentioning(world.database, [customer.email, customer.name, customer.phone])).toEqual([]);
    const [event] = await world.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "customer.delete"), sql`${auditEvents.detail} ->> 'by' = 'customer'`));
    expect(event).toMatchObject({ actorId: null, customerId: null });
    expect((await signIn(world.services, customer.email, customer.password)).status).toBe(401);
  });

  it("a wrong password or word deletes nothing and says which; too many wrong passwords wait", async () => {
    const customer = await app.customer(person("Wanda"));
    const wrongWord = await postDelete(customer, { password: customer.password, confirmation: "REMOVE" });
    expect(wrongWord).toMatchObject({ status: 400, body: { ok: false, error: "Type DELETE to confirm" } });
    const noPassword = await postDelete(customer, { password: "", confirmation: "DELETE" });
    expect(noPassword).toMatchObject({ status: 400, body: { ok: false, error: "Please enter your password" } });
    const wrongPassword = await postDelete(customer, { password: "Not!The-Password-1", confirmation: "DELETE" });
    expect(wrongPassword).toMatchObject({
      status: 400,
      body: { ok: false, error: "Current password is incorrect", field: "password" },
    });
    // The use case checks the word again past the form.
    expect((await refusal(deleteOwn(customer, customer.password, "nope"))).code).toBe("deletion_not_confirmed");
    // One count of wrong passwords per account, shared with the data export's password check: five, then it waits.
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      expect((await refusal(deleteOwn(customer, `Wrong-${attempt}!x`))).code).toBe("current_password_wrong");
    }
    expect((await refusal(deleteOwn(customer, "Wrong-6!x"))).status).toBe(429);
    // Even the right password waits now.
    expect((await refusal(deleteOwn(customer, customer.password))).code).toBe("password_confirm_rate_limited");
    expect(await rowsNaming(world.database, customer.id)).not.toEqual([]);
    expect((await signIn(world.services, customer.email, customer.password)).status).toBe(200);
  });

  it("anonymous 401; a team account 403 (the team is closed by the admins), whatever the password", async () => {
    expect((await refusal(deleteOwn(null, "x"))).status).toBe(401);
    expect((await postDelete(null, { password: "x", confirmation: "DELETE" })).status).toBe(401);
    expect((await refusal(deleteOwn(staff, staff.password))).status).toBe(403);
    expect((await refusal(deleteOwn(world.admin, world.admin.password))).status).toBe(403);
    expect(await getOwnDeletionStatus(world.services, world.admin.user)).toMatchObject({ available: false });
    expect((await signIn(world.services, staff.email, staff.password)).status).toBe(200);
  });

  it("with a proof waiting for review: a request for the agency, once; the admins are told; an admin approves it from the work queue", async () => {
    const { database, services, admin } = world;
    const who = person("Petra");
    const customer = { ...(await signUpCustomer(services, who)), ...who };
    await submitZelleProof(services, customer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      proof: image(),
    });
    expect((await getOwnDeletionStatus(world.services, customer.user)).blockers).toEqual(["payment_pending"]);

    const answer = await postDelete(customer, { password: customer.password, confirmation: "DELETE" });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, title: "Deletion requested" } });
    expect(await deleteOwn(customer, customer.password)).toEqual({
      outcome: "requested",
      blockers: ["payment_pending"],
    });
    const requests = await database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, customer.id));
    expect(requests).toMatchObject([{ status: "pending", blockers: ["payment_pending"] }]);
    expect(await getOwnDeletionStatus(world.services, customer.user)).toMatchObject({
      pending: { blockers: ["payment_pending"] },
    });
    const told = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "deletion_requested")));
    expect(told.map((row) => row.message)).toEqual([
      `${who.name} from ${who.companyName} asked to delete their account. Approve or decline it in the work queue.`,
    ]);
    // Nothing was deleted: they still sign in.
    expect((await signIn(services, customer.email, customer.password)).status).toBe(200);

    // The admins' work queue lists it, what holds it back, and staff do not see the list.
    const queue = await getWorkQueue(world.services, admin.user);
    expect(queue.deletionRequests).toMatchObject({
      total: 1,
      items: [{ id: requests[0]!.id, userId: customer.id, customerName: who.name, blockers: ["payment_pending"] }],
    });
    expect((await getWorkQueue(world.services, staff.user)).deletionRequests).toBeNull();

    // Approved through the dashboard's action: erased as by their own deletion; the proof waiting is closed.
    const body = new FormData();
    body.append("intent", "approve-deletion");
    body.append("requestId", requests[0]!.id);
    const request = new Request(`${SITE_URL}/admin/dashboard`, { method: "POST", headers: { origin: SITE_URL }, body });
    const approved = routeAnswer(
      await dashboardAction({ request, context: routeContext(services, admin.user), params: {} } as never),
    );
    expect(approved).toMatchObject({ status: 200, body: { ok: true, title: "Account deleted" } });
    expect(await rowsNaming(database, customer.id)).toEqual([]);
    await sendQueued(database);
    expect(await tablesMentioning(database, [customer.email, customer.name, customer.phone])).toEqual([]);
    const [closed] = await database.db
      .select()
      .from(payments)
      .where(eq(payments.adminNotes, ACCOUNT_ERASED_PAYMENT_NOTE));
    expect(closed).toMatchObject({ status: "rejected", userId: null, proofUrl: null });
    expect((await getWorkQueue(world.services, admin.user)).deletionRequests).toEqual({ total: 0, items: [] });
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "customer.delete"), eq(auditEvents.actorId, admin.id)));
    expect(event!.detail).toMatchObject({ by: "admin", requested: true, pendingPaymentsClosed: 1 });
    expect((await signIn(services, customer.email, customer.password)).status).toBe(401);
  });

  it("with a paid job in progress: a request; an admin declines it with a reason, which the customer reads in the bell and an e-mail", async () => {
    const { database, services, admin } = world;
    const customer = await signUpCustomer(services, person("Jonas"));
    const paid = await submitZelleProof(services, customer.user, {
      serviceType: "google_business",
      paymentNumber: 1,
      proof: image(),
    });
    await decidePayment(services, admin.user, {
      paymentId: paid.id,
      decision: "approve",
    });
    expect((await getOwnDeletionStatus(world.services, customer.user)).blockers).toEqual(["job_in_progress"]);
    expect(await deleteOwn(customer, customer.password)).toEqual({
      outcome: "requested",
      blockers: ["job_in_progress"],
    });
    const [request] = await database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, customer.id));

    expect(
      (await refusal(declineDeletionRequest(services, admin.user, { requestId: request!.id, reason: "  " }))).code,
    ).toBe("deletion_reason_required");
    await declineDeletionRequest(services, admin.user, {
      requestId: request!.id,
      reason: "Your profile goes live on Friday; let us finish it first.",
    });
    expect(
      (await refusal(declineDeletionRequest(services, admin.user, { requestId: request!.id, reason: "Again" }))).status,
    ).toBe(409);
    expect((await refusal(approveDeletionRequest(services, admin.user, { requestId: request!.id }))).status).toBe(409);
    const [declined] = await database.db.select().from(deletionRequests).where(eq(deletionRequests.id, request!.id));
    expect(declined).toMatchObject({
      status: "declined",
      declineReason: "Your profile goes live on Friday; let us finish it first.",
      decidedBy: admin.id,
    });
    const [bell] = await database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), eq(notifications.type, "deletion_declined")));
    expect(bell?.message).toBe(
      "The agency declined your request to delete your account: Your profile goes live on Friday; let us finish it first.",
    );
    const [mail] = await database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, customer.email), eq(emailMessages.subject, "Deletion request declined")));
    expect(mail?.link).toBe("/dashboard/profile");
    expect(await getOwnDeletionStatus(world.services, customer.user)).toMatchObject({
      pending: null,
      declined: { reason: "Your profile goes live on Friday; let us finish it first." },
    });
    // They may ask again: a new request waits.
    expect((await deleteOwn(customer, customer.password)).outcome).toBe("requested");
    expect(await getOwnDeletionStatus(world.services, customer.user)).toMatchObject({
      pending: { blockers: ["job_in_progress"] },
    });
  });

  it("a request still waiting is withdrawn by its customer: it leaves the queue and the customer's page, audited; nothing is deleted", async () => {
    const { database, services, admin } = world;
    const customer = await signUpCustomer(services, person("Wilma"));
    await submitZelleProof(services, customer.user, {
      serviceType: "website",
      paymentNumber: 1,
      proof: image(),
    });
    expect((await deleteOwn(customer, customer.password)).outcome).toBe("requested");
    const [request] = await database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, customer.id));
    expect(await getPendingDeletionRequest(world.services, admin.user, customer.id)).toEqual({
      id: request!.id,
      requestedAt: request!.createdAt.toISOString(),
      blockers: ["payment_pending"],
    });

    const body = new FormData();
    body.append("intent", "withdraw-deletion");
    const post = () =>
      profileAction({
        request: new Request(`${SITE_URL}/dashboard/profile`, {
          method: "POST",
          headers: { origin: SITE_URL, cookie: customer.cookie },
          body,
        }),
        context: routeContext(services, customer.user),
        params: {},
      } as never);
    expect(routeAnswer(await post())).toMatchObject({ status: 200, body: { ok: true, title: "Request withdrawn" } });
    expect(await app.deliveredChanges()).toContainEqual({ table: "deletion_requests", userId: customer.id });
    expect(await database.db.select().from(deletionRequests).where(eq(deletionRequests.userId, customer.id))).toEqual(
      [],
    );
    expect(await getOwnDeletionStatus(world.services, customer.user)).toMatchObject({
      pending: null,
      declined: null,
      blockers: ["payment_pending"],
    });
    expect(await getPendingDeletionRequest(world.services, admin.user, customer.id)).toBeNull();
    expect(
      (await getWorkQueue(world.services, admin.user)).deletionRequests?.items.map((item) => item.userId),
    ).not.toContain(customer.id);
    const [event] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "customer.deletion-withdraw"), eq(auditEvents.customerId, customer.id)));
    expect(event).toMatchObject({ actorId: customer.id, detail: { requestId: request!.id } });
    // Nothing waits any more: a second withdrawal is 404, and an approval of the old request finds nothing.
    expect(routeAnswer(await post())).toMatchObject({
      status: 404,
      body: { ok: false, error: "Deletion request not found" },
    });
    expect((await refusal(approveDeletionRequest(services, admin.user, { requestId: request!.id }))).status).toBe(404);
    expect((await signIn(services, customer.email, customer.password)).status).toBe(200);
  });
});

describe("a file another customer's row names", () => {
  const app = testApp();
  let world: World;

  beforeAll(async () => {
    world = await worldOf(app);
  });

  it("stays when that customer is erased; their own files go", async () => {
    const { database, services, admin } = world;
    const deps = { ...services, replyAddresses: null };
    const victim = await signUpCustomer(services, person("Vera"));
    const deliveredToVictim = await addDeliveredFile(deps, admin.user, {
      userId: victim.id,
      service: "google_business",
      file: image("handover.png"),
    });
    const [victimFile] = await database.db
      .select({ url: deliveredFiles.fileUrl })
      .from(deliveredFiles)
      .where(eq(deliveredFiles.id, deliveredToVictim.id));
    const victimAvatar = await updateAvatar(deps, victim.user, { avatar: image("vera.png") });

    const attacker = await signUpCustomer(services, person("Mallory"));
    await sendMessage(deps, attacker.user, { userId: attacker.id, body: "Mine", files: [image("mine.png")] });
    await addDeliveredFile(deps, admin.user, { userId: attacker.id, service: "website", file: image("own.png") });
    const own = [
      ...(
        await database.db.execute<{ url: string }>(
          sql`select jsonb_array_elements(attachments) ->> 'url' as url from messages where user_id = ${attacker.id}`,
        )
      ).rows,
      ...(await database.db
        .select({ url: deliveredFiles.fileUrl })
        .from(deliveredFiles)
        .where(eq(deliveredFiles.userId, attacker.id))),
    ].map((row) => fileOf(row.url));
    expect(own).toHaveLength(2);
    // Columns of the attacker's own rows naming the victim's files: the account's image (once writable by the client
    // through Better Auth's update-user) and, as any file column might through some future bug, the profile picture.
    await database.db.update(user).set({ image: victimFile!.url }).where(eq(user.id, attacker.id));
    await database.db.update(profiles).set({ avatarUrl: victimAvatar }).where(eq(profiles.id, attacker.id));

    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const outcome = await deleteOwnAccount(deps, attacker.user, {
        password: attacker.password,
        confirmation: "DELETE",
        headers: new Headers({ cookie: attacker.cookie }),
      });
      expect(outcome).toEqual({ outcome: "deleted" });
      // Somebody should look at how a row came to name another customer's file.
      expect(warnings).toHaveBeenCalledWith(expect.stringContaining(fileOf(victimAvatar!).key));
    } finally {
      warnings.mockRestore();
    }

    expect(await stillStored(world, fileOf(victimFile!.url))).toBe(true);
    expect(await stillStored(world, fileOf(victimAvatar!))).toBe(true);
    for (const file of own) expect(await stillStored(world, file), `${file.bucket}/${file.key}`).toBe(false);
  });
});

describe("the outbox copies of an erased customer's e-mails", () => {
  const app = testApp({ settings: { INBOUND_EMAIL_DOMAIN: "replies.erase.test" } });
  let world: World;

  beforeAll(async () => {
    world = await worldOf(app);
  });

  /** Sends every queued e-mail, due or still gathering, as development does without SMTP_URL: into the outbox. */
  async function sendIntoOutbox() {
    await world.database.db
      .update(emailMessages)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailMessages.status, "queued"));
    const mailer = createMailer({ from: "portal@erase.test", outboxDir: world.services.outboxDir, log: quiet });
    await new EmailSender(world.database.db, mailer, { log: quiet }).sendDue();
  }

  /** The outbox's copies, by file name, read as text (quoted-printable's soft line breaks joined again). */
  function outbox(): Map<string, string> {
    const folder = world.services.outboxDir;
    if (!existsSync(folder)) return new Map();
    return new Map(
      readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name), "utf8").replace(/=\r?\n/g, "")]),
    );
  }

  const naming = (copies: Map<string, string>, words: readonly string[]) =>
    [...copies]
      .filter(([, text]) => words.some((word) => text.toLowerCase().includes(word.toLowerCase())))
      .map(([name]) => name);

  it("go with it, the team's e-mails about them included; everybody else's stay", async () => {
    const { database, services, admin } = world;
    const who = person("Olive");
    const customer = { ...(await signUpCustomer(services, who)), ...who };
    const bystander = { ...(await signUpCustomer(services, person("Bert"))) };
    // To them (the agency's message, a reset link) and about them to the team (their message, which the team answers
    // by e-mail at a reply address, and the admins' notice of their sign-up).
    await sendMessage(services, customer.user, { userId: customer.id, body: "A question about my logo" });
    await sendMessage(services, admin.user, { userId: customer.id, body: "Here is the answer" });
    expect((await authRequest(services, "/request-password-reset", { email: customer.email })).status).toBe(200);
    await sendMessage(services, admin.user, { userId: bystander.id, body: "Something for Bert" });
    await sendIntoOutbox();

    const before = outbox();
    const theirs = naming(before, [customer.email, customer.name, customer.id]);
    const toTheTeam = theirs.filter((name) => before.get(name)!.includes(`To: ${admin.email}`));
    expect(toTheTeam.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(toTheTeam.length);
    const others = [...before.keys()].filter((name) => !theirs.includes(name));
    expect(naming(before, [bystander.email]).length).toBeGreaterThan(0);

    await deleteCustomer(services, admin.user, {
      customerId: customer.id,
      reason: "Asked by phone",
      confirmation: "DELETE",
    });
    // The confirmation goes out too, and is not kept.
    await sendIntoOutbox();

    const after = outbox();
    expect(naming(after, [customer.email, customer.name, customer.id])).toEqual([]);
    expect([...after.keys()].sort()).toEqual(others.sort());
    // The rows are gone as well, the team's included: found by the customer's page they link to, not by a reply address.
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_messages t where position(${customer.id} in t::text) > 0`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});

describe("who may delete whom", () => {
  const app = testApp();
  let world: World;
  let staffA: SignedIn;
  let customerA: SignedIn;
  let customerB: SignedIn;
  let requestOfB: string;

  beforeAll(async () => {
    world = await worldOf(app);
    customerA = await app.customer(person("Ada"));
    customerB = await app.customer(person("Bea"));
    staffA = await app.staff([customerA.id]);
    const [request] = await world.database.db
      .insert(deletionRequests)
      .values({ userId: customerB.id, blockers: ["job_in_progress"] })
      .returning();
    requestOfB = request!.id;
  });

  const deleteB = { customerId: "", reason: "Testing", confirmation: "DELETE" };

  it("customer A cannot delete B, nor approve or decline B's request (403); staff 403, even on their own customer; anonymous 401", async () => {
    for (const [actor, status] of [
      [customerA.user, 403],
      [staffA.user, 403],
      [null, 401],
    ] as const) {
      expect(
        (await refusal(deleteCustomer(world.services, actor, { ...deleteB, customerId: customerB.id }))).status,
      ).toBe(status);
      expect((await refusal(approveDeletionRequest(world.services, actor, { requestId: requestOfB }))).status).toBe(
        status,
      );
      expect(
        (await refusal(declineDeletionRequest(world.services, actor, { requestId: requestOfB, reason: "No" }))).status,
      ).toBe(status);
    }
    expect(
      (await refusal(deleteCustomer(world.services, staffA.user, { ...deleteB, customerId: customerA.id }))).status,
    ).toBe(403);
    // Withdrawing reaches only the caller's own request: A has none (404), B's stays; the team closes no request of theirs.
    expect((await refusal(withdrawDeletionRequest(world.services, customerA.user))).status).toBe(404);
    expect((await refusal(withdrawDeletionRequest(world.services, staffA.user))).status).toBe(403);
    expect((await refusal(withdrawDeletionRequest(world.services, world.admin.user))).status).toBe(403);
    expect((await refusal(withdrawDeletionRequest(world.services, null))).status).toBe(401);
    // A customer's page shows their request to the admins only.
    expect((await refusal(getPendingDeletionRequest(world.services, staffA.user, customerB.id))).status).toBe(403);
    expect((await refusal(getPendingDeletionRequest(world.services, customerB.user, customerB.id))).status).toBe(403);
    expect(await getPendingDeletionRequest(world.services, world.admin.user, customerA.id)).toBeNull();
    // A's own deletion reaches only A: there is no id to give it.
    expect(await rowsNaming(world.database, customerB.id)).not.toEqual([]);
    expect(await rowsNaming(world.database, customerA.id)).not.toEqual([]);
    const [request] = await world.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, requestOfB));
    expect(request?.status).toBe("pending");
  });

  it("a customer's page answers only that customer's request: B's request from A's page is not found; from B's page an admin declines it", async () => {
    const post = async (actor: SignedIn, userId: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new Request(`${SITE_URL}/admin/users/${userId}`, {
        method: "POST",
        headers: { origin: SITE_URL },
        body,
      });
      return routeAnswer(
        await detailAction({ request, context: routeContext(world.services, actor.user), params: { userId } } as never),
      );
    };
    expect(await post(world.admin, customerA.id, { intent: "approve-deletion", requestId: requestOfB })).toMatchObject({
      status: 404,
    });
    expect(
      await post(world.admin, customerA.id, { intent: "decline-deletion", requestId: requestOfB, reason: "No" }),
    ).toMatchObject({ status: 404 });
    expect(
      await post(staffA, customerB.id, { intent: "decline-deletion", requestId: requestOfB, reason: "No" }),
    ).toMatchObject({ status: 403 });
    const [waiting] = await world.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, requestOfB));
    expect(waiting?.status).toBe("pending");
    expect(await rowsNaming(world.database, customerB.id)).not.toEqual([]);

    expect(
      await post(world.admin, customerB.id, {
        intent: "decline-deletion",
        requestId: requestOfB,
        reason: "Let us finish the website first",
      }),
    ).toMatchObject({
      status: 200,
      body: { ok: true, title: "Request declined" },
    });
    const [declined] = await world.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, requestOfB));
    expect(declined).toMatchObject({ status: "declined", declineReason: "Let us finish the website first" });
  });

  it("through the pages: staff get 403 before the form is read; an admin needs a reason and the word, and an id that is a customer's", async () => {
    const post = async (actor: SignedIn, userId: string, fields: Record<string, string>) => {
      const body = new FormData();
      body.append("intent", "delete-customer");
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const request = new Request(`${SITE_URL}/admin/users/${userId}`, {
        method: "POST",
        headers: { origin: SITE_URL },
        body,
      });
      return routeAnswer(
        await detailAction({ request, context: routeContext(world.services, actor.user), params: { userId } } as never),
      );
    };
    expect(await post(staffA, customerA.id, {})).toMatchObject({ status: 403 });
    expect(await post(world.admin, customerA.id, { reason: "", confirmation: "DELETE" })).toMatchObject({
      status: 400,
      body: { error: "Please write the reason for the deletion" },
    });
    expect(await post(world.admin, customerA.id, { reason: "Asked", confirmation: "no" })).toMatchObject({
      status: 400,
      body: { error: "Type DELETE to confirm" },
    });
    expect(await post(world.admin, world.admin.id, { reason: "Asked", confirmation: "DELETE" })).toMatchObject({
      status: 404,
    });
    expect(await post(world.admin, staffA.id, { reason: "Asked", confirmation: "DELETE" })).toMatchObject({
      status: 404,
    });
    expect(
      (
        await refusal(
          approveDeletionRequest(world.services, world.admin.user, {
            requestId: "00000000-0000-4000-8000-000000000000",
          }),
        )
      ).status,
    ).toBe(404);
    expect(await rowsNaming(world.database, customerA.id)).not.toEqual([]);
    expect(await post(world.admin, customerA.id, { reason: "Asked by e-mail", confirmation: "DELETE" })).toMatchObject({
      status: 200,
      body: { ok: true, title: "Customer deleted" },
    });
    expect(await rowsNaming(world.database, customerA.id)).toEqual([]);
    // The staff member's session no longer names A among their customers.
    const [assigned] = await world.database.db
      .execute<{ n: number }>(sql`select count(*)::int as n from customer_assignments where member_id = ${staffA.id}`)
      .then((result) => result.rows);
    expect(Number(assigned?.n)).toBe(0);
  });
});

describe("the e-mail sender and a message to an erased account", () => {
  const app = testApp();

  it("sends it, then keeps only its subject; a message given up on is forgotten too; other messages are kept whole", async () => {
    const { queueEmail } = await import("~/lib/email/email.server");
    await queueEmail(app.db, {
      to: "gone@erase.test",
      subject: "Your account has been deleted",
      text: "Hello Gone,",
      forgetAfterSend: true,
    });
    await queueEmail(app.db, { to: "kept@erase.test", subject: "Payment approved", text: "Hello Kept," });
    const sent = await sendQueued(app.database);
    expect(sent.map((message) => [message.to, message.subject])).toEqual(
      expect.arrayContaining([
        ["gone@erase.test", "Your account has been deleted"],
        ["kept@erase.test", "Payment approved"],
      ]),
    );
    const rows = await app.db.select().from(emailMessages);
    expect(rows.find((row) => row.subject === "Your account has been deleted")).toMatchObject({
      status: "sent",
      to: "",
      text: "",
      html: "",
    });
    expect(rows.find((row) => row.subject === "Payment approved")).toMatchObject({
      status: "sent",
      to: "kept@erase.test",
      text: "Hello Kept,",
    });

    await queueEmail(app.db, {
      to: "never@erase.test",
      subject: "Your account has been deleted",
      text: "Hello Never,",
      forgetAfterSend: true,
    });
    const failing = new EmailSender(app.db, async () => Promise.reject(new Error("mailbox full")), {
      log: quiet,
      retryBaseMs: 0,
    });
    for (let attempt = 0; attempt < 8; attempt += 1) await failing.sendDue();
    const [given] = await app.db.select().from(emailMessages).where(eq(emailMessages.status, "failed"));
    expect(given).toMatchObject({ to: "", text: "", html: "", subject: "Your account has been deleted" });
  });
});
