import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customerAssignments,
  emailMessages,
  messages,
  profiles,
  replyAddresses as replyAddressRows,
  verification,
} from "~db/schema";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesRead } from "~/features/messages/mark-messages-read.server";
import { receiveReply, startReplyListener } from "~/features/messages/receive-reply.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { changeMemberRole } from "~/features/team/change-member-role.server";
import { deactivateMember } from "~/features/team/deactivate-member.server";
import { reactivateMember } from "~/features/team/reactivate-member.server";
import { assignCustomer } from "~/features/users/assign-customer.server";
import type { SettingsStore } from "~/lib/config/settings.server";
import type { Services } from "~/lib/services.server";
import {
  InboundRefusal,
  startInboundMail,
  type InboundMail,
  type InboundMailServer,
} from "~/lib/email/inbound-mail.server";
import { REPLY_ADDRESS_LIFETIME_MS, replyAddresses, replyAddressSigner } from "~/lib/email/reply-address.server";
import { createLogger } from "~/lib/logger.server";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { thumbnailKey } from "~/domain/upload-kinds";
import { start } from "../../server/app";
import { authRequest, signUpCustomer, SITE_URL, uniqueEmail, type SignedIn } from "./support";
import { testApp } from "./test-app";

const DOMAIN = "replies.example.com";
/** The receiving mail server in front: the only one whose Authentication-Results count. */
const MX = "mx.agency.example";
const REFUSED_SENDER = "This address does not take mail from this sender";

const app = testApp({ settings: { INBOUND_EMAIL_DOMAIN: DOMAIN, INBOUND_AUTHSERV_ID: MX } });
let listener: InboundMailServer;
let customer: SignedIn;
let otherCustomer: SignedIn;
let admin: SignedIn;
let png: Buffer;
const logLines: { level: string; msg: string; recipient?: string }[] = [];

beforeAll(async () => {
  customer = await app.customer({ name: "Ana Ruiz" });
  otherCustomer = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
  png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0a0" } })
    .png()
    .toBuffer();
  const log = createLogger({
    level: "info",
    destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
  });
  listener = await startReplyListener(app.services, log, { port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await listener?.close();
});

/** The reply address of this conversation for this reader, as their message e-mail carries it. */
const addressFor = (customerId: string, recipientId = customerId) =>
  app.services.replyAddresses!.issue(app.db, { customerId, recipientId });

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1);

/** What the receiving mail server in front writes once SPF, DKIM and DMARC passed for this sender. */
const passed = (sender: string, authservId = MX) =>
  `${authservId};\r\n\tspf=pass (sender IP is 192.0.2.10) smtp.mailfrom=${sender};\r\n\tdkim=pass header.d=${domainOf(sender)} header.s=s1;\r\n\tdmarc=pass header.from=${domainOf(sender)}`;

/**
 * A real SMTP client delivering to the listener, as the receiving mail server in front would: with that server's
 * Authentication-Results for the sender unless told otherwise (null: none at all).
 */
function deliver(mail: Mail.Options & { authenticationResults?: string[] | null }, port = listener.port) {
  const { authenticationResults, ...options } = mail;
  const sender = String(options.envelope?.from ?? options.from).replace(/^.*<(.+)>$/, "$1");
  const results = authenticationResults === undefined ? [passed(sender)] : (authenticationResults ?? []);
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  const headers =
    results.length > 0
      ? { ...(options.headers as Record<string, string> | undefined), "Authentication-Results": results }
      : options.headers;
  return transport.sendMail({ ...options, headers }).finally(() => transport.close());
}

async function messagesOf(userId: string) {
  return app.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.createdAt);
}

/** The SMTP answer of a refused delivery (the test fails if it was taken). */
async function refusedWith(delivery: Promise<unknown>): Promise<{ responseCode: number; response: string }> {
  const error = (await delivery.then(
    () => null,
    (failure: unknown) => failure,
  )) as { responseCode?: number; response?: string } | null;
  expect(error, "the mail was taken").not.toBeNull();
  return { responseCode: error!.responseCode!, response: error!.response! };
}

const QUOTE =
  "\n\nOn Mon, Jan 5, 2026 at 10:00 AM Agency <reply@example.com> wrote:\n> Shall we publish the new photos?\n> The team\n";

describe("replies by e-mail over SMTP", () => {
  it("posts the customer's reply as their message: only the new text, marked as e-mail, with the attached image stored and listed", async () => {
    const to = await addressFor(customer.id);
    const info = await deliver({
      from: `Ana Ruiz <${customer.email}>`,
      to,
      subject: "Re: You have a new message from our team",
      text: `Yes, please publish them.${QUOTE}`,
      attachments: [{ filename: "storefront.png", content: png, contentType: "image/png" }],
    });
    expect(info.accepted).toEqual([to]);

    const [message, ...rest] = await messagesOf(customer.id);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      authorId: customer.id,
      fromAgency: false,
      body: "Yes, please publish them.",
      source: "email",
    });
    expect(message!.attachments).toHaveLength(1);
    const [file] = message!.attachments;
    expect(file).toMatchObject({ name: "storefront.png", contentType: "image/png" });
    const key = keyFromFileUrl("message-attachment", file!.url)!;
    expect(await app.services.storage.get("message-attachments", key)).not.toBeNull();
    expect(await app.services.storage.get("message-attachments", thumbnailKey(key))).not.toBeNull();

    const thread = await listMessages(app.services, { id: customer.id, isAdmin: false }, { userId: customer.id });
    expect(thread.messages).toEqual([
      expect.objectContaining({
        body: "Yes, please publish them.",
        byEmail: true,
        attachments: [expect.objectContaining({ name: "storefront.png", isImage: true })],
      }),
    ]);
  });

  it("posts an admin's reply through the admin's own address, whatever the case of the sender, as that admin's agency message", async () => {
    await deliver({
      from: admin.email.toUpperCase(),
      to: await addressFor(customer.id, admin.id),
      text: `Done: they are live.${QUOTE}`,
    });
    const last = (await messagesOf(customer.id)).at(-1)!;
    expect(last).toMatchObject({
      authorId: admin.id,
      fromAgency: true,
      body: "Done: they are live.",
      source: "email",
      attachments: [],
    });
  });

  it("never posts as the team through the customer's address: the admin's own sender and envelope there are refused", async () => {
    const before = await messagesOf(customer.id);
    const staff = await app.staff([customer.id]);
    const to = await addressFor(customer.id);
    for (const sender of [admin.email, staff.email]) {
      const answer = await refusedWith(
        deliver({ from: `Admin <${sender}>`, to, text: "Please re-send your Google account password here." }),
      );
      expect(answer).toMatchObject({ responseCode: 550, response: expect.stringContaining(REFUSED_SENDER) });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("posts through an admin's address only as that admin: the customer and another admin are refused there", async () => {
    const before = await messagesOf(customer.id);
    const secondAdmin = await app.admin();
    const to = await addressFor(customer.id, admin.id);
    for (const sender of [customer.email, secondAdmin.email]) {
      expect(await refusedWith(deliver({ from: sender, to, text: "Through someone else's address" }))).toMatchObject({
        responseCode: 550,
        response: expect.stringContaining(REFUSED_SENDER),
      });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("refuses at RCPT TO an address with an altered signature, another domain, one never issued and one revoked, and stores nothing", async () => {
    const before = await messagesOf(customer.id);
    const address = await addressFor(customer.id);
    const forged = address.replace(/([0-9a-f])@/, (_, digit: string) => `${digit === "0" ? "1" : "0"}@`);
    // Signed with the server's secret, but no row carries this id.
    const neverIssued = replyAddressSigner(app.services.env.AUTH_SECRET, DOMAIN).format(randomUUID());
    const staff = await app.staff([customer.id]);
    const revoked = await addressFor(customer.id, staff.id);
    await app.db
      .delete(replyAddressRows)
      .where(and(eq(replyAddressRows.userId, customer.id), eq(replyAddressRows.recipientId, staff.id)));
    for (const to of [
      forged,
      address.replace(DOMAIN, "elsewhere.example.com"),
      `someone@${DOMAIN}`,
      neverIssued,
      revoked,
    ]) {
      await expect(deliver({ from: customer.email, to, text: "Hello" })).rejects.toMatchObject({
        code: "EENVELOPE",
        responseCode: 550,
      });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: "warn", msg: "Inbound mail refused: unknown recipient", recipient: forged }),
    );
  });

  it("refuses a sender who is not the address's recipient, another customer, and a From that differs from the envelope", async () => {
    const before = await messagesOf(customer.id);
    const to = await addressFor(customer.id);
    const stranger = uniqueEmail("stranger");
    const refused = [
      { from: stranger, to, text: "Let me in" },
      { from: otherCustomer.email, to, text: "Not my conversation" },
      // The envelope is the customer's (as SPF would pass for it), the From header someone else's.
      { from: stranger, to, text: "Spoofed", envelope: { from: customer.email, to } },
      // The From header is the customer's, the envelope someone else's.
      { from: customer.email, to, text: "Spoofed", envelope: { from: stranger, to } },
    ];
    for (const mail of refused) {
      expect(await refusedWith(deliver(mail))).toMatchObject({
        responseCode: 550,
        response: expect.stringContaining(REFUSED_SENDER),
      });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("takes the recipient's reply only when the mail server in front vouches for the sender's domain in its own, topmost Authentication-Results", async () => {
    const before = await messagesOf(customer.id);
    const to = await addressFor(customer.id);
    const from = customer.email;
    const unvouched: (string[] | null)[] = [
      null,
      // Another server's results, as anyone can write them.
      [passed(from, "mx.elsewhere.example")],
      // The right server, passing for another domain.
      [
        `${MX}; spf=pass smtp.mailfrom=someone@mailer.test; dkim=pass header.d=mailer.test; dmarc=pass header.from=mailer.test`,
      ],
      // The right server, failing; a passing copy below its own header was there before it.
      [
        `${MX}; spf=fail smtp.mailfrom=${from}; dkim=fail header.d=example.com; dmarc=fail header.from=example.com`,
        passed(from),
      ],
    ];
    for (const authenticationResults of unvouched) {
      const answer = await refusedWith(deliver({ from, to, text: "Unproven", authenticationResults }));
      expect(answer).toMatchObject({ responseCode: 550, response: expect.stringContaining(REFUSED_SENDER) });
    }
    expect(await messagesOf(customer.id)).toEqual(before);
    // The same mail with the server's pass is the customer's.
    await deliver({
      from,
      to,
      text: "Proven",
      authenticationResults: [`${MX}; dkim=pass header.d=example.com`, `mx.elsewhere.example; dkim=fail`],
    });
    expect((await messagesOf(customer.id)).at(-1)).toMatchObject({ authorId: customer.id, body: "Proven" });
  });

  it("answers a team member's address and an unknown address in the same words, at the customer's address", async () => {
    const before = await messagesOf(customer.id);
    const to = await addressFor(customer.id);
    const unassigned = await app.staff();
    const assigned = await app.staff([customer.id]);
    const answers = new Set<string>();
    for (const sender of [admin.email, unassigned.email, assigned.email, uniqueEmail("nobody"), otherCustomer.email]) {
      const { responseCode, response } = await refusedWith(deliver({ from: sender, to, text: "Who am I?" }));
      answers.add(`${responseCode} ${response}`);
    }
    expect([...answers]).toEqual([expect.stringContaining(REFUSED_SENDER)]);
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("posts a reply delivered twice (one Message-ID) once, taking the second delivery so that its server stops", async () => {
    const before = (await messagesOf(customer.id)).length;
    const to = await addressFor(customer.id);
    const mail = {
      from: customer.email,
      to,
      text: `Sent once, delivered twice.${QUOTE}`,
      messageId: "<Reply-42@mail.example.com>",
    };
    expect((await deliver(mail)).accepted).toEqual([to]);
    expect((await deliver({ ...mail, messageId: "<REPLY-42@mail.example.com>" })).accepted).toEqual([to]);
    const posted = (await messagesOf(customer.id)).slice(before);
    expect(posted).toEqual([
      expect.objectContaining({ body: "Sent once, delivered twice.", emailMessageId: "reply-42@mail.example.com" }),
    ]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: "Inbound mail: a reply delivered again was not posted twice" }),
    );
  });

  it("answers what sendMessage refuses with 550 and its reason: nothing above the quote, a file that is not an image or PDF", async () => {
    const before = await messagesOf(customer.id);
    const to = await addressFor(customer.id);
    await expect(deliver({ from: customer.email, to, text: QUOTE.trim() })).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("Write a message or attach a file"),
    });
    await expect(
      deliver({
        from: customer.email,
        to,
        text: "See the document",
        attachments: [{ filename: "notes.txt", content: "plain text", contentType: "text/plain" }],
      }),
    ).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining("Attach JPEG, PNG or WebP images or PDF files only"),
    });
    expect(await messagesOf(customer.id)).toEqual(before);
  });

  it("takes an out-of-office answer without posting it, and ignores a signature's inline image", async () => {
    const before = await messagesOf(customer.id);
    const to = await addressFor(customer.id);
    await deliver({
      from: customer.email,
      to,
      text: "I am away until Monday.",
      headers: { "Auto-Submitted": "auto-replied" },
    });
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
  const mail = (from: string, to: string, more: Partial<InboundMail> = {}): Omit<InboundMail, "remoteAddress"> => ({
    recipient: to,
    envelopeFrom: from,
    from: [from],
    text: "Hello",
    attachments: [],
    automatic: false,
    messageId: null,
    authenticationResults: [passed(from)],
    ...more,
  });
  const withSettings = (change: (settings: Awaited<ReturnType<SettingsStore["get"]>>) => void): Services => ({
    ...app.services,
    settings: {
      get: async () => {
        const settings = structuredClone(await app.services.settings.get());
        change(settings);
        return settings;
      },
    } as SettingsStore,
  });
  const refused = (promise: Promise<unknown>) =>
    expect(promise).rejects.toMatchObject({ message: REFUSED_SENDER, responseCode: 550 });
  const asAdmin = () => admin.user;

  it("asks the sending server to retry a customer's reply during maintenance (451), and takes an admin's", async () => {
    const duringMaintenance = withSettings((settings) => (settings.general.maintenanceMode = true));
    const refusal = await receiveReply(duringMaintenance, mail(customer.email, await addressFor(customer.id))).catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(InboundRefusal);
    expect((refusal as InboundRefusal).responseCode).toBe(451);
    expect(await receiveReply(duringMaintenance, mail(admin.email, await addressFor(customer.id, admin.id)))).toEqual({
      id: expect.any(String),
    });
  });

  it("refuses an admin who must still enrol in the two-factor sign-in the settings require", async () => {
    const twoFactorRequired = withSettings((settings) => (settings.security.twoFactor = true));
    await refused(receiveReply(twoFactorRequired, mail(admin.email, await addressFor(customer.id, admin.id))));
  });

  it("refuses the empty envelope sender of a bounce", async () => {
    await expect(
      receiveReply(app.services, { ...mail(customer.email, await addressFor(customer.id)), envelopeFrom: null }),
    ).rejects.toBeInstanceOf(InboundRefusal);
  });

  it("posts a staff member's reply while they are assigned; once unassigned their address is refused, and stays so when assigned again", async () => {
    const client = await app.customer({ name: "Gil Staffed" });
    const staff = await app.staff([client.id]);
    const to = await addressFor(client.id, staff.id);
    expect(await receiveReply(app.services, mail(staff.email, to))).toEqual({ id: expect.any(String) });
    expect((await messagesOf(client.id)).at(-1)).toMatchObject({ authorId: staff.id, fromAgency: true });

    // Unassigned some other way than the use case (the address is still there): the assignment is checked itself.
    await app.db.delete(customerAssignments).where(eq(customerAssignments.memberId, staff.id));
    await refused(receiveReply(app.services, mail(staff.email, to)));
    await app.db.insert(customerAssignments).values({ customerId: client.id, memberId: staff.id });

    await assignCustomer(app.services, asAdmin(), { customerId: client.id, memberIds: [] });
    await expect(receiveReply(app.services, mail(staff.email, to))).rejects.toMatchObject({
      message: "No such recipient here",
    });
    await assignCustomer(app.services, asAdmin(), {
      customerId: client.id,
      memberIds: [staff.id],
    });
    await expect(receiveReply(app.services, mail(staff.email, to))).rejects.toMatchObject({
      message: "No such recipient here",
    });
    // The next e-mail to them carries a new address, which works.
    const renewed = await addressFor(client.id, staff.id);
    expect(renewed).not.toBe(to);
    expect(await receiveReply(app.services, mail(staff.email, renewed))).toEqual({ id: expect.any(String) });
  });

  it("refuses a staff member's address once they are deactivated, and once an admin made staff is not assigned to the customer", async () => {
    const client = await app.customer({ name: "Hana Left" });
    const staff = await app.staff([client.id]);
    const to = await addressFor(client.id, staff.id);
    await deactivateMember(app.services, asAdmin(), { memberId: staff.id });
    await expect(receiveReply(app.services, mail(staff.email, to))).rejects.toBeInstanceOf(InboundRefusal);
    await reactivateMember(app.services, asAdmin(), { memberId: staff.id });
    await expect(receiveReply(app.services, mail(staff.email, to))).rejects.toMatchObject({
      message: "No such recipient here",
    });

    const demoted = await app.admin();
    const demotedTo = await addressFor(client.id, demoted.id);
    await changeMemberRole(app.services, asAdmin(), { memberId: demoted.id, role: "staff" });
    await expect(receiveReply(app.services, mail(demoted.email, demotedTo))).rejects.toBeInstanceOf(InboundRefusal);
    expect(await messagesOf(client.id)).toEqual([]);
  });

  it("refuses a person's addresses once their password is changed or reset", async () => {
    const client = await app.customer({ name: "Ivo Changed" });
    const staff = await app.staff([client.id]);
    const staffTo = await addressFor(client.id, staff.id);
    const changed = await authRequest(
      app.services,
      "/change-password",
      { currentPassword: staff.password, newPassword: "Chang3d!Password-x" },
      { cookie: staff.cookie },
    );
    expect(changed.status, await changed.clone().text()).toBe(200);
    await expect(receiveReply(app.services, mail(staff.email, staffTo))).rejects.toBeInstanceOf(InboundRefusal);

    const clientTo = await addressFor(client.id);
    expect((await authRequest(app.services, "/request-password-reset", { email: client.email })).status).toBe(200);
    const [pending] = await app.db.select().from(verification).where(eq(verification.value, client.id));
    const reset = await authRequest(app.services, "/reset-password", {
      token: pending!.identifier.slice("reset-password:".length),
      newPassword: "Res3t!Password-xy",
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    await expect(receiveReply(app.services, mail(client.email, clientTo))).rejects.toBeInstanceOf(InboundRefusal);
    expect(await messagesOf(client.id)).toEqual([]);
  });

  it("refuses an address 90 days after the last e-mail that carried it; each e-mail pushes that back, and an expired one is never renewed", async () => {
    const client = await app.customer({ name: "Jo Later" });
    let now = new Date();
    const later = (days: number) => (now = new Date(Date.now() + days * 24 * 60 * 60_000));
    const clocked = replyAddresses(app.services.env.AUTH_SECRET, DOMAIN, () => now);
    const at = { ...app.services, replyAddresses: clocked };
    const to = await clocked.issue(app.db, { customerId: client.id, recipientId: client.id });
    later(60);
    expect(await clocked.issue(app.db, { customerId: client.id, recipientId: client.id })).toBe(to);
    later(60 + 89);
    expect(await receiveReply(at, mail(client.email, to))).toEqual({ id: expect.any(String) });
    later(60 + REPLY_ADDRESS_LIFETIME_MS / (24 * 60 * 60_000) + 1);
    await expect(receiveReply(at, mail(client.email, to))).rejects.toMatchObject({ message: "No such recipient here" });
    const renewed = await clocked.issue(app.db, { customerId: client.id, recipientId: client.id });
    expect(renewed).not.toBe(to);
    await expect(receiveReply(at, mail(client.email, to))).rejects.toMatchObject({ message: "No such recipient here" });
    expect(await receiveReply(at, mail(client.email, renewed))).toEqual({ id: expect.any(String) });
  });

  it("posts one message for two deliveries of one Message-ID at the same moment, and takes mails without one", async () => {
    const client = await app.customer({ name: "Kai Twice" });
    const to = await addressFor(client.id);
    const twice = mail(client.email, to, {
      text: "Only once, please",
      messageId: "race-1@mail.example.com",
      attachments: [{ filename: "a.png", contentType: "image/png", content: png, related: false }],
    });
    const [first, second] = await Promise.all([receiveReply(app.services, twice), receiveReply(app.services, twice)]);
    const posted = await messagesOf(client.id);
    expect(posted).toEqual([
      expect.objectContaining({ body: "Only once, please", emailMessageId: "race-1@mail.example.com" }),
    ]);
    expect([first, second]).toEqual(
      expect.arrayContaining([{ id: posted[0]!.id }, { id: posted[0]!.id, repeated: true }]),
    );
    // The other delivery's files were not kept.
    const stored = (await app.services.storage.list!("message-attachments")).filter((file) =>
      file.key.includes(client.id),
    );
    expect(stored, "one image and its preview").toHaveLength(2);

    // The same Message-ID in another conversation is another mail.
    expect(
      await receiveReply(
        app.services,
        mail(customer.email, await addressFor(customer.id), { messageId: "race-1@mail.example.com" }),
      ),
    ).toEqual({ id: expect.any(String) });
    await receiveReply(app.services, mail(client.email, to, { text: "No id" }));
    await receiveReply(app.services, mail(client.email, to, { text: "No id" }));
    expect((await messagesOf(client.id)).map((message) => message.body)).toEqual([
      "Only once, please",
      "No id",
      "No id",
    ]);
  });
});

describe("message e-mails", () => {
  const gatheredFor = (customerId: string, readerId = customerId) =>
    app.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.gatherKey, `message:${customerId}:${readerId}`), eq(emailMessages.status, "queued")));
  const asAdmin = () => ({ id: admin.id, isAdmin: true });

  it("gathers three quick agency messages into one e-mail with the customer's own reply address, dropped once the customer reads them", async () => {
    const reader = await app.customer({ name: "Cora Diaz" });
    for (const body of ["First: the logo is ready.", "Second: the photos too.", "Third: please confirm the hours."]) {
      await sendMessage(app.services, asAdmin(), { userId: reader.id, body });
    }
    const [email, ...more] = await gatheredFor(reader.id);
    expect(more).toEqual([]);
    expect(email).toMatchObject({ to: reader.email });
    expect(await app.services.replyAddresses!.resolve(app.db, email!.replyTo!)).toEqual({
      customerId: reader.id,
      recipientId: reader.id,
    });
    expect(email!.gathered).toHaveLength(3);
    for (const body of ["First: the logo is ready.", "Second: the photos too.", "Third: please confirm the hours."])
      expect(email!.text).toContain(body);
    expect(email!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    await markMessagesRead(app.services, { id: reader.id, isAdmin: false }, { userId: reader.id });
    expect(await gatheredFor(reader.id)).toEqual([]);
  });

  it("gives each team member's e-mail of a customer's message that member's own address", async () => {
    const writer = await app.customer({ name: "Dev Writer" });
    const staff = await app.staff([writer.id]);
    await sendMessage(app.services, writer.user, { userId: writer.id, body: "A question for the team" });
    const addresses = new Set<string>();
    for (const reader of [admin, staff]) {
      const [email] = await gatheredFor(writer.id, reader.id);
      expect(email).toMatchObject({ to: reader.email });
      expect(await app.services.replyAddresses!.resolve(app.db, email!.replyTo!)).toEqual({
        customerId: writer.id,
        recipientId: reader.id,
      });
      addresses.add(email!.replyTo!);
    }
    expect(addresses.size).toBe(2);
  });

  it("sends none to a customer who turned e-mail off", async () => {
    const quiet = await app.customer({ name: "Dana Quiet" });
    await app.db.update(profiles).set({ emailOptOut: true }).where(eq(profiles.id, quiet.id));
    await sendMessage(app.services, asAdmin(), { userId: quiet.id, body: "Your site is live." });
    expect(await gatheredFor(quiet.id)).toEqual([]);
    expect(await app.db.select().from(emailMessages).where(eq(emailMessages.to, quiet.email))).toEqual([]);
  });
});

/** A bare SMTP client: connects (from this local address) and resolves with the server's first line. */
function openConnection(
  port: number,
  localAddress = "127.0.0.1",
): Promise<{ socket: Socket; greeting: string; closed: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port, localAddress });
    let received = "";
    const closed = new Promise<string>((done) => socket.once("close", () => done(received)));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      const first = received === "";
      received += chunk;
      if (first) resolve({ socket, greeting: received.split("\r\n")[0]!, closed });
    });
    socket.once("error", reject);
  });
}

describe("the listener's connections", () => {
  it("gives a fourth connection from one address 421 while other addresses still connect, and lets it in once one closes", async () => {
    const server = await startInboundMail({
      port: 0,
      host: "127.0.0.1",
      maxBytes: 1024,
      accepts: () => false,
      receive: async () => {},
      maxClientsPerAddress: 3,
      maxClients: 10,
      log: createLogger({ level: "silent" }),
    });
    const open: Socket[] = [];
    try {
      for (let i = 0; i < 3; i += 1) {
        const connection = await openConnection(server.port);
        expect(connection.greeting).toMatch(/^220 /);
        open.push(connection.socket);
      }
      const fourth = await openConnection(server.port);
      expect(fourth.greeting).toMatch(/^421 /);
      await fourth.closed;
      const elsewhere = await openConnection(server.port, "127.0.0.2");
      expect(elsewhere.greeting).toMatch(/^220 /);
      open.push(elsewhere.socket);

      const leaving = open.shift()!;
      const gone = new Promise((done) => leaving.once("close", done));
      leaving.end("QUIT\r\n");
      await gone;
      await new Promise((done) => setTimeout(done, 50));
      const again = await openConnection(server.port);
      expect(again.greeting).toMatch(/^220 /);
      open.push(again.socket);
    } finally {
      for (const socket of open) socket.destroy();
      await server.close();
    }
  });

  it("gives 421 past the total, from whichever address", async () => {
    const server = await startInboundMail({
      port: 0,
      host: "127.0.0.1",
      maxBytes: 1024,
      accepts: () => false,
      receive: async () => {},
      maxClientsPerAddress: 3,
      maxClients: 2,
      log: createLogger({ level: "silent" }),
    });
    const open: Socket[] = [];
    try {
      for (const from of ["127.0.0.1", "127.0.0.2"]) {
        const connection = await openConnection(server.port, from);
        expect(connection.greeting).toMatch(/^220 /);
        open.push(connection.socket);
      }
      expect((await openConnection(server.port, "127.0.0.3")).greeting).toMatch(/^421 /);
    } finally {
      for (const socket of open) socket.destroy();
      await server.close();
    }
  });

  it("closes a connection that stays silent past the idle time-out", async () => {
    const server = await startInboundMail({
      port: 0,
      host: "127.0.0.1",
      maxBytes: 1024,
      accepts: () => false,
      receive: async () => {},
      idleTimeoutMs: 300,
      log: createLogger({ level: "silent" }),
    });
    try {
      const idle = await openConnection(server.port);
      expect(idle.greeting).toMatch(/^220 /);
      const started = Date.now();
      const said = await Promise.race([idle.closed, new Promise<null>((done) => setTimeout(() => done(null), 5_000))]);
      expect(said).toMatch(/421 .*Timeout/);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await server.close();
    }
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

  it("listens for replies on loopback when INBOUND_SMTP_PORT is set, and stops listening when it stops", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "agency-replies-"));
    const [port, smtpPort] = [await freePort(), await freePort()];
    for (const key of [
      "ADMIN_EMAIL",
      "ADMIN_PASSWORD",
      "DATABASE_URL",
      "AUTH_SECRET",
      "TRUST_PROXY",
      "SMTP_URL",
      "SMTP_FROM",
      "INBOUND_SMTP_HOST",
    ])
      delete process.env[key];
    Object.assign(process.env, {
      NODE_ENV: "test",
      PORT: String(port),
      DATA_DIR: dataDir,
      // The origin the support's sign-up requests carry.
      SITE_URL,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_EMAIL_DOMAIN: DOMAIN,
      INBOUND_AUTHSERV_ID: MX,
    });
    const running = await start({ logger: createLogger({ level: "silent" }) });
    try {
      const writer = await signUpCustomer(running.services, { name: "Eli Running" });
      const to = await running.services.replyAddresses!.issue(running.services.database.db, {
        customerId: writer.id,
        recipientId: writer.id,
      });
      await deliver({ from: writer.email, to, text: `Received, thanks.${QUOTE}` }, smtpPort);
      const [posted] = await running.services.database.db.select().from(messages).where(eq(messages.userId, writer.id));
      expect(posted).toMatchObject({ body: "Received, thanks.", source: "email" });
      // Bound to loopback only: another address of this machine finds nothing there.
      const outside = Object.values(os.networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
      if (outside) {
        await expect(
          new Promise((resolve, reject) =>
            connect({ host: outside, port: smtpPort }).once("connect", resolve).once("error", reject),
          ),
        ).rejects.toMatchObject({ code: "ECONNREFUSED" });
      }
    } finally {
      await running.stop();
    }
    await expect(deliver({ from: "a@example.com", to: `reply@${DOMAIN}`, text: "x" }, smtpPort)).rejects.toMatchObject({
      code: "ESOCKET",
    });
  });
});
