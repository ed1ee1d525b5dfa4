import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, messages, profiles } from "~db/schema";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesRead } from "~/features/messages/mark-messages-read.server";
import { receiveReply, startReplyListener, type ReplyDeps } from "~/features/messages/receive-reply.server";
import { sendMessage } from "~/features/messages/send-message.server";
import type { SettingsStore } from "~/lib/config/settings.server";
import { InboundRefusal, type InboundMailServer } from "~/lib/email/inbound-mail.server";
import { createLogger } from "~/lib/logger.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { thumbnailKey } from "~/domain/upload-kinds";
import { start } from "../../server/app";
import { makeAdmin, signUpCustomer, SITE_URL, testDatabase, testServices, uniqueEmail, type SignedIn, type TestDatabase, type TestServices } from "./support";

const DOMAIN = "replies.example.com";

let database: TestDatabase;
let services: TestServices;
let listener: InboundMailServer;
let customer: SignedIn;
let otherCustomer: SignedIn;
let admin: SignedIn;
let png: Buffer;
const logLines: { level: string; msg: string; recipient?: string }[] = [];

beforeAll(async () => {
  database = await testDatabase();
  services = await testServices(database, { INBOUND_EMAIL_DOMAIN: DOMAIN });
  customer = await signUpCustomer(services, { name: "Ana Ruiz" });
  otherCustomer = await signUpCustomer(services, { name: "Blair Banks" });
  admin = await makeAdmin(services);
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0a0" } }).png().toBuffer();
  const log = createLogger({ level: "info", destination: { write: (line: string) => void logLines.push(JSON.parse(line)) } });
  listener = await startReplyListener(services, log, { port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await listener?.close();
  await services?.close();
  await database?.close();
});

const deps = (): ReplyDeps => ({ db: database.db, bus: services.bus, storage: services.storage, settings: services.settings, replyAddresses: services.replyAddresses! });
const replyAddress = (userId: string) => services.replyAddresses!.addressFor(userId);

/** A real SMTP client delivering to the listener, as the receiving mail server in front would. */
function deliver(mail: Mail.Options, port = listener.port) {
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  return transport.sendMail(mail).finally(() => transport.close());
}

async function messagesOf(userId: string) {
  return database.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.createdAt);
}

const QUOTE = "\n\nOn Mon, Jan 5, 2026 at 10:00 AM Agency <reply@example.com> wrote:\n> Shall we publish the new photos?\n> The team\n";

describe("replies by e-mail over SMTP", () => {
  it("posts the customer's reply as their message: only the new text, marked as e-mail, with the attached image stored and listed", async () => {
    const info = await deliver({
      from: `Ana Ruiz <${customer.email}>`,
      to: replyAddress(customer.id),
      subject: "Re: You have a new message from our team",
      text: `Yes, please publish them.${QUOTE}`,
      attachments: [{ filename: "storefront.png", content: png, contentType: "image/png" }],
    });
    expect(info.accepted).toEqual([replyAddress(customer.id)]);

    const [message, ...rest] = await messagesOf(customer.id);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({ authorId: customer.id, fromAgency: false, body: "Yes, please publish them.", source: "email" });
    expect(message!.attachments).toHaveLength(1);
    const [file] = message!.attachments;
    expect(file).toMatchObject({ name: "storefront.png", contentType: "image/png" });
    const key = keyFromFileUrl("message-attachment", file!.url)!;
    expect(await services.storage.get("message-attachments", key)).not.toBeNull();
    expect(await services.storage.get("message-attachments", thumbnailKey(key))).not.toBeNull();

    const thread = await listMessages(database.db, { id: customer.id, isAdmin: false }, { userId: customer.id });
    expect(thread.messages).toEqual([
      expect.objectContaining({ body: "Yes, please publish them.", byEmail: true, attachments: [expect.objectContaining({ name: "storefront.png", isImage: true })] }),
    ]);
  });

  it("posts an admin's reply, whatever the case of the address, as an agency message", async () => {
    await deliver({ from: admin.email.toUpperCase(), to: replyAddress(customer.id), text: `Done: they are live.${QUOTE}` });
    const last = (await messagesOf(customer.id)).at(-1)!;
    expect(last).toMatchObject({ authorId: admin.id, fromAgency: true, body: "Done: they are live.", source: "email", attachments: [] });
  });

  it("refuses at RCPT TO an address with an altered signature or another domain, and stores nothing", async () => {
    const before = await messagesOf(customer.id);
    const address = replyAddress(customer.id);
    const forged = address.replace(/([0-9a-f])@/, (_, digit: string) => `${digit === "0" ? "1" : "0"}@`);
    for (const to of [forged, address.replace(DOMAIN, "elsewhere.example.com"), `someone@${DOMAIN}`]) {
      await expect(deliver({ from: customer.email, to, text: "Hello" })).rejects.toMatchObject({ code: "EENVELOPE", responseCode: 550 });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
    expect(logLines).toContainEqual(expect.objectContaining({ level: "warn", msg: "Inbound mail refused: unknown recipient", recipient: forged }));
  });

  it("refuses a sender who is neither the customer nor an admin, another customer, and a From that differs from the envelope", async () => {
    const before = await messagesOf(customer.id);
    const to = replyAddress(customer.id);
    const refused = [
      { from: uniqueEmail("stranger"), to, text: "Let me in" },
      { from: otherCustomer.email, to, text: "Not my conversation" },
      // The envelope is the customer's (as SPF would pass for it), the From header someone else's.
      { from: uniqueEmail("stranger"), to, text: "Spoofed", envelope: { from: customer.email, to } },
      // The From header is the customer's, the envelope someone else's.
      { from: customer.email, to, text: "Spoofed", envelope: { from: uniqueEmail("stranger"), to } },
    ];
    for (const mail of refused) {
      await expect(deliver(mail)).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining("does not take mail from this sender") });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("answers what sendMessage refuses with 550 and its reason: nothing above the quote, a file that is not an image or PDF", async () => {
    const before = await messagesOf(customer.id);
    const to = replyAddress(customer.id);
    await expect(deliver({ from: customer.email, to, text: QUOTE.trim() })).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("Write a message or attach a file"),
    });
    await expect(
      deliver({ from: customer.email, to, text: "See the document", attachments: [{ filename: "notes.txt", content: "plain text", contentType: "text/plain" }] }),
    ).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining("Attach JPEG, PNG or WebP images or PDF files only") });
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("takes an out-of-office answer without posting it, and ignores a signature's inline image", async () => {
    const before = await messagesOf(customer.id);
    const to = replyAddress(customer.id);
    await deliver({ from: customer.email, to, text: "I am away until Monday.", headers: { "Auto-Submitted": "auto-replied" } });
    expect(await messagesOf(customer.id)).toEqual(before);

    await deliver({
      from: customer.email,
      to,
      text: "Thanks!\n\n-- \nAna Ruiz",
      html: '<p>Thanks!</p><p>-- <br>Ana Ruiz <img src="cid:logo@sig"></p>',
      attachments: [{ filename: "logo.png", content: png, contentType: "image/png", cid: "logo@sig" }],
    });
    const last = (await messagesOf(customer.id)).at(-1)!;
    expect(last).toMatchObject({ authorId: customer.id, body: "Thanks!", attachments: [] });
  });
});

describe("receiveReply", () => {
  const mail = (from: string, to: string) => ({ recipient: to, envelopeFrom: from, from: [from], text: "Hello", attachments: [], automatic: false });
  const withSettings = (change: (settings: Awaited<ReturnType<SettingsStore["get"]>>) => void): ReplyDeps => ({
    ...deps(),
    settings: {
      get: async () => {
        const settings = structuredClone(await services.settings.get());
        change(settings);
        return settings;
      },
    } as SettingsStore,
  });

  it("asks the sending server to retry a customer's reply during maintenance (451), and takes an admin's", async () => {
    const duringMaintenance = withSettings((settings) => (settings.general.maintenanceMode = true));
    const refusal = await receiveReply(duringMaintenance, mail(customer.email, replyAddress(customer.id))).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(InboundRefusal);
    expect((refusal as InboundRefusal).responseCode).toBe(451);
    expect(await receiveReply(duringMaintenance, mail(admin.email, replyAddress(customer.id)))).toEqual({ id: expect.any(String) });
  });

  it("refuses an admin who must still enrol in the two-factor sign-in the settings require", async () => {
    const twoFactorRequired = withSettings((settings) => (settings.security.twoFactor = true));
    await expect(receiveReply(twoFactorRequired, mail(admin.email, replyAddress(customer.id)))).rejects.toMatchObject({ responseCode: 550 });
  });

  it("refuses the empty envelope sender of a bounce", async () => {
    await expect(receiveReply(deps(), { ...mail(customer.email, replyAddress(customer.id)), envelopeFrom: null })).rejects.toBeInstanceOf(InboundRefusal);
  });
});

describe("message e-mails", () => {
  const gatheredFor = (userId: string) =>
    database.db.select().from(emailMessages).where(and(eq(emailMessages.gatherKey, `message:${userId}:${userId}`), eq(emailMessages.status, "queued")));
  const asAdmin = () => ({ id: admin.id, isAdmin: true });

  it("gathers three quick agency messages into one e-mail with the conversation's reply address, dropped once the customer reads them", async () => {
    const reader = await signUpCustomer(services, { name: "Cora Diaz" });
    for (const body of ["First: the logo is ready.", "Second: the photos too.", "Third: please confirm the hours."]) {
      await sendMessage(deps(), asAdmin(), { userId: reader.id, body });
    }
    const [email, ...more] = await gatheredFor(reader.id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ to: reader.email, replyTo: replyAddress(reader.id) });
    expect(email!.gathered).toHaveLength(3);
    for (const body of ["First: the logo is ready.", "Second: the photos too.", "Third: please confirm the hours."]) expect(email!.text).toContain(body);
    expect(email!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await markMessagesRead({ db: database.db, bus: services.bus }, { id: reader.id, isAdmin: false }, { userId: reader.id });
    expect(await gatheredFor(reader.id)).toEqual([]);
  });

  it("sends none to a customer who turned e-mail off", async () => {
    const quiet = await signUpCustomer(services, { name: "Dana Quiet" });
    await database.db.update(profiles).set({ emailOptOut: true }).where(eq(profiles.id, quiet.id));
    await sendMessage(deps(), asAdmin(), { userId: quiet.id, body: "Your site is live." });
    expect(await gatheredFor(quiet.id)).toEqual([]);
    expect(await database.db.select().from(emailMessages).where(eq(emailMessages.to, quiet.email))).toEqual([]);
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the running app", () => {
  const saved = { ...process.env };
  let dataDir: string;
  afterAll(() => {
    process.env = saved;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("listens for replies when INBOUND_SMTP_PORT is set, and stops listening when it stops", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-replies-"));
    const [port, smtpPort] = [await freePort(), await freePort()];
    for (const key of ["ADMIN_EMAIL", "ADMIN_PASSWORD", "DATABASE_URL", "AUTH_SECRET", "TRUST_PROXY", "SMTP_URL", "SMTP_FROM"]) delete process.env[key];
    Object.assign(process.env, {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The origin the support's sign-up requests carry.
      SITE_URL,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_EMAIL_DOMAIN: DOMAIN,
    });
    const running = await start({ logger: createLogger({ level: "silent" }) });
    try {
      const writer = await signUpCustomer(running.services, { name: "Eli Running" });
      await deliver({ from: writer.email, to: running.services.replyAddresses!.addressFor(writer.id), text: `Received, thanks.${QUOTE}` }, smtpPort);
      const [posted] = await running.services.database.db.select().from(messages).where(eq(messages.userId, writer.id));
      expect(posted).toMatchObject({ body: "Received, thanks.", source: "email" });
    } finally {
      await running.stop();
    }
    await expect(deliver({ from: "a@example.com", to: `reply@${DOMAIN}`, text: "x" }, smtpPort)).rejects.toMatchObject({ code: "ESOCKET" });
  });
});
