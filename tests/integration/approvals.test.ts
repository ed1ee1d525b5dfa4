import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, emailMessages, notifications, reviewRounds, websiteProgress } from "~db/schema";
import { decideRound } from "~/features/approvals/decide-round.server";
import { listReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { requestApproval } from "~/features/approvals/request-approval.server";
import { getWorkQueue } from "~/features/work-queue/get-work-queue.server";
import { mayReadFile } from "~/domain/upload-kinds";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { setProgressStep } from "~/features/progress/set-progress-step.server";
import { databaseError, refusal, type SignedIn } from "./support";
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
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#00a" } })
    .png()
    .toBuffer();
});

const image = (name = "home page.png") => new File([new Uint8Array(png)], name, { type: "image/png" });
const pdf = (name = "sitemap.pdf") =>
  new File([new TextEncoder().encode("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], name, {
    type: "application/pdf",
  });
const roundsOf = (userId: string) =>
  app.db
    .select()
    .from(reviewRounds)
    .where(eq(reviewRounds.userId, userId))
    .orderBy(reviewRounds.service, reviewRounds.version);
const auditOf = (action: string, customerId: string) =>
  app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.customerId, customerId)));

describe("asking a customer for approval", () => {
  it("only admins send rounds: anonymous 401, a customer 403, an unknown customer 404, a bad title or link 400", async () => {
    const round = { userId: customerA.id, service: "website", title: "Home page draft" };
    expect((await refusal(requestApproval(app.services, null, round))).status).toBe(401);
    expect((await refusal(requestApproval(app.services, customerA.user, round))).status).toBe(403);
    expect((await refusal(requestApproval(app.services, customerB.user, round))).status).toBe(403);
    expect((await refusal(requestApproval(app.services, admin.user, { ...round, userId: admin.id }))).code).toBe(
      "customer_not_found",
    );
    expect((await refusal(requestApproval(app.services, admin.user, { ...round, userId: "not-an-id" }))).code).toBe(
      "customer_not_found",
    );
    const blank = await refusal(requestApproval(app.services, admin.user, { ...round, title: "  " }));
    expect([blank.status, blank.message]).toEqual([400, "Please enter a title"]);
    for (const link of ["javascript:alert(1)", "preview.example.com", "ftp://example.com/x"]) {
      const bad = await refusal(requestApproval(app.services, admin.user, { ...round, link }));
      expect([bad.status, bad.message]).toEqual([400, "Enter the whole link, starting with https://"]);
    }
    const badService = await refusal(requestApproval(app.services, admin.user, { ...round, service: "seo" }));
    expect(badService.status).toBe(400);
    // A file that is not an image or a PDF is refused before anything is written.
    const text = new File(["hello"], "notes.png", { type: "image/png" });
    const notImage = await refusal(requestApproval(app.services, admin.user, { ...round, files: [text] }));
    expect([notImage.status, notImage.message]).toEqual([400, "Send JPEG, PNG or WebP images or PDF files only"]);
    const seven = Array.from({ length: 7 }, () => image());
    expect((await refusal(requestApproval(app.services, admin.user, { ...round, files: seven }))).message).toBe(
      "You can send at most 6 files",
    );
    expect(await roundsOf(customerA.id)).toEqual([]);
  });

  it("v1 with an image and a PDF: stored for the customer and the admins only, the customer told in the bell and by e-mail, audited", async () => {
    await app.deliveredChanges();
    const sent = await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      title: " Home page draft ",
      message: "Colors as agreed.\r\nTell us what you think.",
      link: "https://preview.example.com/home",
      files: [image(), pdf()],
    });
    expect(sent.version).toBe(1);
    const [round] = await roundsOf(customerA.id);
    expect(round).toMatchObject({
      service: "website",
      version: 1,
      title: "Home page draft",
      message: "Colors as agreed.\nTell us what you think.",
      link: "https://preview.example.com/home",
      createdBy: admin.id,
      decision: null,
    });
    expect(round!.files.map((file) => [file.name, file.contentType])).toEqual([
      ["home page.png", "image/png"],
      ["sitemap.pdf", "application/pdf"],
    ]);
    for (const file of round!.files) {
      const key = keyFromFileUrl("approval-file", file.url)!;
      expect(key.startsWith(`approvals/${customerA.id}/`)).toBe(true);
      expect(await app.services.storage.get("job-files", key)).not.toBeNull();
      expect(mayReadFile({ id: customerA.id, isAdmin: false }, "job-files", key)).toBe(true);
      expect(mayReadFile({ id: customerB.id, isAdmin: false }, "job-files", key)).toBe(false);
      expect(mayReadFile({ id: admin.id, isAdmin: true }, "job-files", key)).toBe(true);
    }
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "review_round")));
    expect([bell?.title, bell?.message]).toEqual([
      "Waiting for your approval",
      "Website: Home page draft (v1). Approve it or tell us what to change.",
    ]);
    const [mail] = await app.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, customerA.email), eq(emailMessages.subject, "Waiting for your approval")));
    expect(mail?.link).toBe("/dashboard/website");
    expect((await auditOf("approval.request", customerA.id)).map((event) => [event.actorId, event.detail])).toEqual([
      [admin.id, expect.objectContaining({ service: "website", version: 1, title: "Home page draft", files: 2 })],
    ]);
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "review_rounds", userId: customerA.id },
        { table: "notifications", userId: customerA.id },
      ]),
    );
  });

  it("a second round of the same service supersedes the one still waiting; the other service counts its own versions", async () => {
    const v2 = await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      title: "Home page, second draft",
    });
    expect(v2.version).toBe(2);
    const gb = await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "google_business",
      title: "Business description",
    });
    expect(gb.version).toBe(1);
    const rows = await roundsOf(customerA.id);
    expect(rows.map((row) => [row.service, row.version, row.decision])).toEqual([
      ["google_business", 1, null],
      ["website", 1, "superseded"],
      ["website", 2, null],
    ]);
  });
});

describe("the customer's decision", () => {
  const waiting = async (userId: string, service: "website" | "google_business") =>
    (await roundsOf(userId)).find((row) => row.service === service && row.decision === null)!;

  it("only the owner decides: anonymous 401, an admin 403, another customer 404 as for an unknown round", async () => {
    const round = await waiting(customerA.id, "website");
    const decision = { roundId: round.id, decision: "approve" };
    expect((await refusal(decideRound(app.services, null, decision))).status).toBe(401);
    expect((await refusal(decideRound(app.services, admin.user, decision))).status).toBe(403);
    expect((await refusal(decideRound(app.services, customerB.user, decision))).code).toBe("review_round_not_found");
    expect((await refusal(decideRound(app.services, customerA.user, { ...decision, roundId: "nope" }))).status).toBe(
      404,
    );
    expect((await waiting(customerA.id, "website")).id).toBe(round.id);
  });

  it("asking for changes needs a comment; with one it reaches the admins and the log, and a second decision gets 409", async () => {
    const round = await waiting(customerA.id, "website");
    const empty = await refusal(
      decideRound(app.services, customerA.user, { roundId: round.id, decision: "request-changes", comment: "   " }),
    );
    expect([empty.status, empty.message]).toEqual([400, "Please tell us what to change"]);
    await app.deliveredChanges();
    expect(
      await decideRound(app.services, customerA.user, {
        roundId: round.id,
        decision: "request-changes",
        comment: "Bigger phone number, please.",
      }),
    ).toEqual({ decision: "changes_requested" });
    const [row] = await app.db.select().from(reviewRounds).where(eq(reviewRounds.id, round.id));
    expect(row).toMatchObject({
      decision: "changes_requested",
      comment: "Bigger phone number, please.",
      decidedBy: customerA.id,
    });
    expect(row!.decidedAt).toBeInstanceOf(Date);
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, admin.id), eq(notifications.type, "review_decision")));
    expect([bell?.title, bell?.message]).toEqual([
      "Changes requested",
      "Ana Ruiz from Casey Plumbing asked for changes to Website v2: Bigger phone number, please.",
    ]);
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "review_rounds", userId: customerA.id },
        { table: "notifications", userId: admin.id },
      ]),
    );
    expect((await auditOf("approval.decide", customerA.id)).map((event) => [event.actorId, event.detail])).toEqual([
      [
        customerA.id,
        expect.objectContaining({ service: "website", version: 2, decision: "changes_requested", ticked: false }),
      ],
    ]);
    // The work queue lists it sent back, with what to change; the Google Business round still waits.
    const queue = await getWorkQueue(app.services, admin.user);
    expect(queue.changesRequested).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          userId: customerA.id,
          customerName: "Ana Ruiz",
          service: "website",
          version: 2,
          comment: "Bigger phone number, please.",
        }),
      ],
    });
    expect(queue.waitingApproval.items.map((item) => [item.service, item.version])).toEqual([["google_business", 1]]);
    const again = await refusal(decideRound(app.services, customerA.user, { roundId: round.id, decision: "approve" }));
    expect([again.status, again.code]).toEqual([409, "review_round_decided"]);
    // The website step is untouched by a request for changes.
    const [progress] = await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customerA.id));
    expect(progress?.reviewApproval ?? false).toBe(false);
  });

  it("approving the finished website (a round for launch) ticks 'Review & Client Approval' in the same transaction, with the customer's usual notification", async () => {
    await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      purpose: "launch",
      title: "Home page, third draft",
    });
    const round = await waiting(customerA.id, "website");
    expect(round.version).toBe(3);
    // A newer round answers the changes: the queue now waits for the customer instead.
    const queue = await getWorkQueue(app.services, admin.user);
    expect(queue.changesRequested).toEqual({ total: 0, items: [] });
    expect(queue.waitingApproval.items.map((item) => [item.service, item.version, item.title])).toEqual([
      ["google_business", 1, "Business description"],
      ["website", 3, "Home page, third draft"],
    ]);
    // The audit write fails: neither the decision nor the step may stay.
    await app.db.execute(
      sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$;
      create trigger refuse_audit before insert on audit_events for each row when (new.action = 'approval.decide') execute function refuse_audit()`),
    );
    await expect(
      decideRound(app.services, customerA.user, { roundId: round.id, decision: "approve" }),
    ).rejects.toThrow();
    await app.db.execute(sql.raw(`drop trigger refuse_audit on audit_events; drop function refuse_audit()`));
    expect((await waiting(customerA.id, "website")).id).toBe(round.id);
    expect(
      (await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customerA.id)))[0]
        ?.reviewApproval ?? false,
    ).toBe(false);

    await app.deliveredChanges();
    expect(await decideRound(app.services, customerA.user, { roundId: round.id, decision: "approve" })).toEqual({
      decision: "approved",
    });
    const [progress] = await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customerA.id));
    expect(progress?.reviewApproval).toBe(true);
    expect(progress?.stepDates.reviewApproval).toMatchObject({ auto: true, by: "approval" });
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "website_progress")));
    expect(told.map((row) => row.title)).toEqual(["Review & Client Approval is complete"]);
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, admin.id),
          eq(notifications.type, "review_decision"),
          eq(notifications.title, "Approval received"),
        ),
      );
    expect(bell?.message).toBe("Ana Ruiz from Casey Plumbing approved Website v3");
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([
        { table: "review_rounds", userId: customerA.id },
        { table: "website_progress", userId: customerA.id },
      ]),
    );
  });

  it("approving a website draft ticks nothing: a draft is an answer, not a stage; only the website has a round for launch", async () => {
    await setProgressStep(app.db, { userId: customerA.id, service: "website", step: "reviewApproval", done: false });
    await requestApproval(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      title: "About page draft",
    });
    const round = await waiting(customerA.id, "website");
    expect(round.purpose).toBe("draft");
    await decideRound(app.services, customerA.user, { roundId: round.id, decision: "approve" });
    const [progress] = await app.db.select().from(websiteProgress).where(eq(websiteProgress.userId, customerA.id));
    expect(progress?.reviewApproval).toBe(false);
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "website_progress")));
    expect(told).toHaveLength(1);
    // A Google Business round for launch is refused by the form's rule, and by the table itself.
    const launch = await refusal(
      requestApproval(app.services, admin.user, {
        userId: customerA.id,
        service: "google_business",
        purpose: "launch",
        title: "Profile",
      }),
    );
    expect([launch.status, launch.message]).toEqual([400, "Only the website is approved for launch"]);
    const insert = app.db
      .insert(reviewRounds)
      .values({ userId: customerA.id, service: "google_business", version: 99, title: "x", purpose: "launch" });
    expect((await databaseError(insert)).constraint).toBe("review_rounds_purpose_check");
  });

  it("approving a Google Business round records who and when, and ticks no step", async () => {
    const round = await waiting(customerA.id, "google_business");
    await decideRound(app.services, customerA.user, { roundId: round.id, decision: "approve", comment: "ignored" });
    expect((await getWorkQueue(app.services, admin.user)).waitingApproval).toEqual({ total: 0, items: [] });
    const [row] = await app.db.select().from(reviewRounds).where(eq(reviewRounds.id, round.id));
    expect(row).toMatchObject({ decision: "approved", comment: null, decidedBy: customerA.id });
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "google_business_progress")));
    expect(told).toEqual([]);
  });
});

describe("the history of rounds", () => {
  it("the customer and the admins read it, newest first by service; another customer 403, anonymous 401", async () => {
    const own = await listReviewRounds(app.services, customerA.user, customerA.id);
    expect(own.website.map((round) => [round.version, round.decision, round.purpose])).toEqual([
      [4, "approved", "draft"],
      [3, "approved", "launch"],
      [2, "changes_requested", "draft"],
      [1, "superseded", "draft"],
    ]);
    expect(own.website[2]).toMatchObject({ comment: "Bigger phone number, please.", authorName: admin.user.name });
    expect(own.website[3]!.files.map((file) => [file.name, file.isImage])).toEqual([
      ["home page.png", true],
      ["sitemap.pdf", false],
    ]);
    expect(own.google_business.map((round) => round.decision)).toEqual(["approved"]);
    expect(await listReviewRounds(app.services, admin.user, customerA.id)).toEqual(own);
    expect(await listReviewRounds(app.services, customerB.user, customerB.id)).toEqual({
      google_business: [],
      website: [],
    });
    expect((await refusal(listReviewRounds(app.services, customerB.user, customerA.id))).status).toBe(403);
    expect((await refusal(listReviewRounds(app.services, null, customerA.id))).status).toBe(401);
    expect((await refusal(listReviewRounds(app.services, admin.user, admin.id))).status).toBe(404);
  });
});
