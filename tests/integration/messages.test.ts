import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, conversations, emailMessages, messages, notifications, user } from "~db/schema";
import { listCustomers } from "~/features/users/list-customers.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { getAgencyUnreadMessages } from "~/features/messages/get-agency-unread-messages.server";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesRead } from "~/features/messages/mark-messages-read.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { mayReadFile } from "~/domain/upload-kinds";
import type { Change } from "~/lib/realtime/realtime";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { action as messagesAction, loader as messagesLoader } from "~/routes/dashboard/messages";
import { loader as earlierLoader } from "~/routes/resources/messages";
import { refusal, routeAnswer, routeArgs, testServices, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;
let png: Buffer;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0a0" } })
    .png()
    .toBuffer();
});

const deps = () => ({ ...app.services, replyAddresses: null });
const image = (name = "photo.png") => new File([new Uint8Array(png)], name, { type: "image/png" });
const conversationOf = async (userId: string) =>
  (await app.db.select().from(conversations).where(eq(conversations.userId, userId)))[0];

describe("a conversation between a customer and the agency", () => {
  it("a customer's message with an image: stored privately, counted unread for the agency, the admins told", async () => {
    await app.deliveredChanges();
    const { id } = await sendMessage(deps(), customerA.user, {
      userId: customerA.id,
      body: "  Here is our storefront \r\n",
      files: [image("store front.png")],
    });
    const [row] = await app.db.select().from(messages).where(eq(messages.id, id));
    expect(row).toMatchObject({
      userId: customerA.id,
      authorId: customerA.id,
      fromAgency: false,
      body: "Here is our storefront",
      source: "portal",
    });
    expect(row!.attachments).toHaveLength(1);
    const [file] = row!.attachments;
    expect(file).toMatchObject({ name: "store front.png", contentType: "image/png" });
    expect(file!.thumbnailUrl).toMatch(/\.thumb\.webp$/);
    // Owner and admins read it; another customer does not.
    const key = keyFromFileUrl("message-attachment", file!.url)!;
    expect(await app.services.storage.get("message-attachments", key)).not.toBeNull();
    expect(mayReadFile({ id: customerA.id, isAdmin: false }, "message-attachments", key)).toBe(true);
    expect(mayReadFile({ id: admin.id, isAdmin: true }, "message-attachments", key)).toBe(true);
    expect(mayReadFile({ id: customerB.id, isAdmin: false }, "message-attachments", key)).toBe(false);

    const conversation = await conversationOf(customerA.id);
    expect(conversation).toMatchObject({ agencyUnread: 1, customerUnread: 0 });
    expect(conversation!.waitingSince).not.toBeNull();
    const bell = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "message")));
    expect(bell).toHaveLength(1);
    expect(bell[0]!.message).toBe("Ana Ruiz from Casey Plumbing: Here is our storefront");
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "messages", userId: customerA.id },
        { table: "notifications", userId: admin.id },
      ]),
    );

    // The work queue lists A as waiting; the admin list marks A unread.
    const queue = await getWorkQueue(app.services, admin.user);
    expect(queue.unansweredMessages.items.map((item) => [item.userId, item.unread])).toEqual([[customerA.id, 1]]);
    const list = await listCustomers(app.services, admin.user);
    expect(list.customers.find((customer) => customer.id === customerA.id)?.unreadMessages).toBe(1);
    expect(list.customers.find((customer) => customer.id === customerB.id)?.unreadMessages).toBe(0);
  });

  it("the agency reads it (the customer then sees 'Seen') and answers: audited, the customer told, the wait over", async () => {
    expect(await markMessagesRead(deps(), admin.user, { userId: customerA.id })).toEqual({ marked: true });
    // Nothing unread any more: nothing written.
    expect(await markMessagesRead(deps(), admin.user, { userId: customerA.id })).toEqual({ marked: false });
    const seen = await listMessages(app.services, customerA.user, { userId: customerA.id });
    expect(seen.agencyReadAt).not.toBeNull();
    const adminBell = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "message")));
    expect(adminBell.every((row) => row.isRead)).toBe(true);
    // Read but not answered: still in the queue, with no unread message.
    expect((await getWorkQueue(app.services, admin.user)).unansweredMessages.items).toEqual([
      expect.objectContaining({ userId: customerA.id, unread: 0 }),
    ]);

    await sendMessage(deps(), admin.user, { userId: customerA.id, body: "Thanks, it looks great" });
    const conversation = await conversationOf(customerA.id);
    expect(conversation).toMatchObject({ customerUnread: 1, agencyUnread: 0, waitingSince: null });
    expect((await getWorkQueue(app.services, admin.user)).unansweredMessages.total).toBe(0);
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "message.send"), eq(auditEvents.customerId, customerA.id)));
    expect(event).toMatchObject({
      actorId: admin.id,
      detail: expect.objectContaining({ preview: "Thanks, it looks great", files: 0, source: "portal" }),
    });
    const bell = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "message")));
    expect(bell.map((row) => row.title)).toEqual(["New message from the team"]);

    const thread = await listMessages(app.services, customerA.user, { userId: customerA.id });
    expect(thread.unread).toBe(1);
    expect(thread.messages.map((message) => [message.fromAgency, message.body])).toEqual([
      [false, "Here is our storefront"],
      [true, "Thanks, it looks great"],
    ]);
    expect(thread.messages[1]!.authorName).toBe(admin.user.name);
    expect(thread.messages[0]!.attachments[0]).toMatchObject({ name: "store front.png", isImage: true });
    await markMessagesRead(deps(), customerA.user, { userId: customerA.id });
    expect((await listMessages(app.services, admin.user, { userId: customerA.id })).customerReadAt).not.toBeNull();
    expect((await conversationOf(customerA.id))!.customerUnread).toBe(0);
  });

  it("counts the customer's messages the agency has not read for the Messages tab, for the team members who reach them", async () => {
    const customer = await app.customer();
    const other = await app.customer();
    const staff = await app.staff([customer.id]);
    const count = (actor: SignedIn | null, userId = customer.id) =>
      getAgencyUnreadMessages(app.services, actor?.user ?? null, { userId });
    expect(await count(admin)).toBe(0);
    await sendMessage(deps(), customer.user, { userId: customer.id, body: "One" });
    await sendMessage(deps(), customer.user, { userId: customer.id, body: "Two" });
    expect([await count(admin), await count(staff)]).toEqual([2, 2]);
    // The agency's answer reads everything before it.
    await sendMessage(deps(), staff.user, { userId: customer.id, body: "Answered" });
    expect(await count(admin)).toBe(0);
    expect((await refusal(count(null))).status).toBe(401);
    expect((await refusal(count(customer))).status).toBe(403);
    expect((await refusal(count(staff, other.id))).status).toBe(404);
    for (const userId of [crypto.randomUUID(), "not-an-id", admin.id]) {
      expect((await refusal(count(admin, userId))).code, userId).toBe("customer_not_found");
    }
  });

  it("customer B cannot read, post to or mark read A's conversation; anonymous gets 401", async () => {
    for (const attempt of [
      listMessages(app.services, customerB.user, { userId: customerA.id }),
      sendMessage(deps(), customerB.user, { userId: customerA.id, body: "Hi from B" }),
      markMessagesRead(deps(), customerB.user, { userId: customerA.id }),
    ]) {
      expect((await refusal(attempt)).status).toBe(403);
    }
    for (const attempt of [
      listMessages(app.services, null, { userId: customerA.id }),
      sendMessage(deps(), null, { userId: customerA.id, body: "Hi" }),
      markMessagesRead(deps(), null, { userId: customerA.id }),
    ]) {
      expect((await refusal(attempt)).status).toBe(401);
    }
    expect(await app.db.select().from(messages).where(eq(messages.body, "Hi from B"))).toEqual([]);
    // An admin's id is no customer's conversation.
    expect((await refusal(sendMessage(deps(), admin.user, { userId: admin.id, body: "To myself" }))).code).toBe(
      "customer_not_found",
    );
  });

  it("through the pages: B's earlier-page request for A's thread is refused, a userId in B's post is ignored", async () => {
    const earlier = await earlierLoader(
      await routeArgs(
        app.services,
        `/resources/messages/${customerA.id}?before=00000000-0000-4000-8000-000000000000`,
        { headers: { cookie: customerB.cookie } },
        { userId: customerA.id },
      ),
    );
    expect(routeAnswer(earlier).status).toBe(403);
    const anonymous = await earlierLoader(
      await routeArgs(
        app.services,
        `/resources/messages/${customerA.id}?before=00000000-0000-4000-8000-000000000000`,
        {},
        { userId: customerA.id },
      ),
    );
    expect(routeAnswer(anonymous).status).toBe(401);

    const form = new FormData();
    form.set("intent", "send-message");
    form.set("body", "From B's own page");
    form.set("userId", customerA.id);
    const posted = await messagesAction(
      await routeArgs(app.services, "/dashboard/messages", {
        method: "POST",
        body: form,
        headers: { cookie: customerB.cookie },
      }),
    );
    expect(routeAnswer(posted)).toMatchObject({ status: 200, body: { ok: true } });
    const [row] = await app.db.select().from(messages).where(eq(messages.body, "From B's own page"));
    expect(row!.userId).toBe(customerB.id);
    const page = (await messagesLoader(
      await routeArgs(app.services, "/dashboard/messages", { headers: { cookie: customerB.cookie } }),
    )) as { thread: { messages: { body: string }[] }; frame: { replyTime: string } };
    expect(page.thread.messages.map((message) => message.body)).toEqual(["From B's own page"]);
    expect(page.frame.replyTime).toBe("Our team answers within one business day.");
  });

  it("refuses an empty or too long message, a text file named .png, more than 5 files; takes a PDF as a download", async () => {
    expect((await refusal(sendMessage(deps(), customerB.user, { userId: customerB.id, body: "   " }))).code).toBe(
      "message_empty",
    );
    expect(
      (await refusal(sendMessage(deps(), customerB.user, { userId: customerB.id, body: "x".repeat(5001) }))).code,
    ).toBe("message_too_long");
    const fake = new File(["just some text, not an image"], "photo.png", { type: "image/png" });
    const notImage = await refusal(
      sendMessage(deps(), customerB.user, { userId: customerB.id, body: "See this", files: [fake] }),
    );
    expect(notImage.code).toBe("upload_not_image");
    expect(notImage.message).toBe("Attach JPEG, PNG or WebP images or PDF files only");
    // A PNG's first bytes with no picture after them pass the browser's check: the refusal names the file by its
    // place (`files.1`), so the composer drops that one and keeps the photo before it.
    const broken = new File([new Uint8Array(png).slice(0, 8), "no picture here"], "broken.png", { type: "image/png" });
    const second = await refusal(
      sendMessage(deps(), customerB.user, { userId: customerB.id, body: "See this", files: [image("ok.png"), broken] }),
    );
    expect([second.code, second.options.field]).toEqual(["upload_not_image", "files.1"]);
    const six = Array.from({ length: 6 }, (_, n) => image(`p${n}.png`));
    expect(
      (await refusal(sendMessage(deps(), customerB.user, { userId: customerB.id, body: "", files: six }))).message,
    ).toBe("You can attach at most 5 files");
    expect(await app.db.select().from(messages).where(eq(messages.body, "See this"))).toEqual([]);

    const pdf = new File([Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n")], "quote.pdf", {
      type: "application/pdf",
    });
    const { id } = await sendMessage(deps(), customerB.user, { userId: customerB.id, body: "", files: [pdf] });
    const thread = await listMessages(app.services, customerB.user, { userId: customerB.id });
    const sent = thread.messages.find((message) => message.id === id)!;
    expect(sent.body).toBe("");
    expect(sent.attachments).toEqual([
      expect.objectContaining({ name: "quote.pdf", isImage: false, thumbnailUrl: null }),
    ]);
  });

  it("limits an account to 30 messages a minute", async () => {
    const writer = await app.customer({ name: "Quick Writer" });
    for (let n = 0; n < 30; n++) await sendMessage(deps(), writer.user, { userId: writer.id, body: `Message ${n}` });
    const limited = await refusal(sendMessage(deps(), writer.user, { userId: writer.id, body: "One too many" }));
    expect([limited.code, limited.status]).toEqual(["message_rate_limited", 429]);
  });

  it("pages back 50 at a time, oldest first, and keeps an agency message when its author's account is removed", async () => {
    const customer = await app.customer({ name: "Long Thread" });
    const start = Date.parse("2026-01-01T00:00:00Z");
    await app.db.insert(messages).values(
      Array.from({ length: 120 }, (_, n) => ({
        userId: customer.id,
        authorId: customer.id,
        fromAgency: false,
        body: `m${n}`,
        createdAt: new Date(start + n * 1000),
      })),
    );
    const newest = await listMessages(app.services, customer.user, { userId: customer.id });
    expect(newest.messages.map((message) => message.body)).toEqual(Array.from({ length: 50 }, (_, n) => `m${n + 70}`));
    const second = await listMessages(app.services, customer.user, {
      userId: customer.id,
      before: newest.earlierBefore!,
    });
    expect(second.messages.map((message) => message.body)).toEqual(Array.from({ length: 50 }, (_, n) => `m${n + 20}`));
    const last = await listMessages(app.services, customer.user, {
      userId: customer.id,
      before: second.earlierBefore!,
    });
    expect(last.messages.map((message) => message.body)).toEqual(Array.from({ length: 20 }, (_, n) => `m${n}`));
    expect(last.earlierBefore).toBeNull();
    // Another conversation's message as the cursor pages to nothing.
    const [other] = await app.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.userId, customerA.id))
      .limit(1);
    expect(
      (await listMessages(app.services, customer.user, { userId: customer.id, before: other!.id })).messages,
    ).toEqual([]);

    const leaving = await app.admin();
    await sendMessage(deps(), leaving.user, { userId: customer.id, body: "From a colleague who left" });
    await app.db.delete(user).where(eq(user.id, leaving.id));
    const after = await listMessages(app.services, customer.user, { userId: customer.id });
    expect(after.messages.at(-1)).toMatchObject({
      body: "From a colleague who left",
      fromAgency: true,
      authorName: null,
    });
  });

  it("tells every instance's open pages of a new message and of a read (on PostgreSQL, a second instance through LISTEN/NOTIFY)", async () => {
    // With a server, a second instance of the app on the same database; embedded, the one instance there is.
    const other = app.database.url ? await testServices(app.database) : app.services;
    const heard: Change[] = [];
    const unsubscribe = other.bus.subscribe((change) => heard.push(change));
    try {
      await sendMessage(deps(), customerB.user, { userId: customerB.id, body: "Heard everywhere?" });
      await markMessagesRead(deps(), admin.user, { userId: customerB.id });
      await expect
        .poll(() => heard, { timeout: 5_000 })
        .toEqual(
          expect.arrayContaining([
            { table: "messages", userId: customerB.id },
            { table: "conversations", userId: customerB.id },
          ]),
        );
    } finally {
      unsubscribe();
      if (other !== app.services) await other.close();
    }
  });

  it("'New message received' off: a customer's message reaches no admin, by bell or e-mail; the reply-time line follows the settings", async () => {
    const writer = await app.customer({ name: "Quiet Hours" });
    const notificationsOn = {
      emailNotifications: "on",
      pushNotifications: "on",
      newUserRegistration: "on",
      newSubmission: "on",
      profileUpdates: "on",
    };
    await saveSettings(app.services, admin.user, { section: "notifications", values: notificationsOn });
    try {
      await sendMessage(deps(), writer.user, { userId: writer.id, body: "Anyone there?" });
      const bell = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, "message"), eq(notifications.userId, admin.id)));
      expect(bell.filter((row) => row.message.includes("Anyone there?"))).toEqual([]);
      const mail = await app.db
        .select()
        .from(emailMessages)
        .where(eq(emailMessages.gatherKey, `message:${writer.id}:${admin.id}`));
      expect(mail).toEqual([]);
      // Still in the work queue: the switch is about being told, not about the conversation.
      expect(
        (await getWorkQueue(app.services, admin.user)).unansweredMessages.items.map((item) => item.userId),
      ).toContain(writer.id);

      await saveSettings(app.services, admin.user, {
        section: "notifications",
        values: { ...notificationsOn, newMessage: "on" },
      });
      await sendMessage(deps(), writer.user, { userId: writer.id, body: "Hello again" });
      const told = await app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.type, "message"), eq(notifications.userId, admin.id)));
      expect(told.some((row) => row.message.endsWith("Hello again"))).toBe(true);
      expect(
        await app.db
          .select()
          .from(emailMessages)
          .where(eq(emailMessages.gatherKey, `message:${writer.id}:${admin.id}`)),
      ).toHaveLength(1);
    } finally {
      await saveSettings(app.services, admin.user, {
        section: "notifications",
        values: { ...notificationsOn, newMessage: "on" },
      });
    }

    const general = await app.services.settings.get();
    await saveSettings(app.services, admin.user, {
      section: "general",
      values: { ...general.general, messagesReplyTime: "We answer within 2 hours." },
    });
    const page = (await messagesLoader(
      await routeArgs(app.services, "/dashboard/messages", { headers: { cookie: writer.cookie } }),
    )) as { frame: { replyTime: string } };
    expect(page.frame.replyTime).toBe("We answer within 2 hours.");
  });
});
