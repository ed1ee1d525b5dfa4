import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { adminUserNotes, customerAssignments, googleBusinessInfo, payments, websiteCredentials } from "~db/schema";
import { getAnalytics } from "~/features/analytics/get-analytics.server";
import { getDashboardFigures } from "~/features/analytics/get-dashboard-figures.server";
import { listActivity } from "~/features/activity/list-activity.server";
import { requestApproval } from "~/features/approvals/request-approval.server";
import { listReviewRounds } from "~/features/approvals/list-review-rounds.server";
import { getGoogleBusinessInfo } from "~/features/information/google-business/get-google-business-info.server";
import { revealGmailPassword } from "~/features/information/google-business/reveal-gmail-password.server";
import { listCredentials } from "~/features/credentials/list-credentials.server";
import { revealCredentialSecret } from "~/features/credentials/reveal-credential-secret.server";
import { saveCredentials } from "~/features/credentials/save-credentials.server";
import { addDeliveredFile } from "~/features/delivered-files/add-delivered-file.server";
import { listDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { removeDeliveredFile } from "~/features/delivered-files/remove-delivered-file.server";
import { listMessages } from "~/features/messages/list-messages.server";
import { markMessagesRead } from "~/features/messages/mark-messages-read.server";
import { sendMessage } from "~/features/messages/send-message.server";
import { deleteNote } from "~/features/notes/delete-note.server";
import { listNotes } from "~/features/notes/list-notes.server";
import { saveNote } from "~/features/notes/save-note.server";
import { decidePayment } from "~/features/payments/review/decide-payment.server";
import { listPaymentsForReview } from "~/features/payments/review/list-payments-for-review.server";
import { getCustomerProgress } from "~/features/progress/get-customer-progress.server";
import { toggleProgressStep } from "~/features/progress/toggle-progress-step.server";
import { getSettings } from "~/features/settings/get-settings.server";
import { getSystemStatus } from "~/features/settings/get-system-status.server";
import { listAdminTwoFactor, resetTwoFactor } from "~/features/settings/reset-two-factor.server";
import { saveSettings } from "~/features/settings/save-settings.server";
import { getCustomer } from "~/features/users/get-customer.server";
import { markInformationReviewed } from "~/features/work-queue/mark-information-reviewed.server";
import { mayReadFile } from "~/domain/upload-kinds";
import { encryptSecret } from "~/lib/secrets/secrets.server";
import { refusal, sessionUserFor, type SignedIn } from "./support";
import { testApp } from "./test-app";

/**
 * Every back-office use case tried by a staff member: the work on a customer's job succeeds on a customer assigned
 * to them and answers 404 on one that is not (as for a customer that does not exist); the admins' own parts
 * (payments, settings, analytics, the activity log, two-factor resets) answer 403 whoever the customer.
 */

const app = testApp();
let mine: SignedIn;
let other: SignedIn;
let staff: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  mine = await app.customer({ name: "Mina Assigned" });
  other = await app.customer({ name: "Otto Elsewhere" });
  admin = await app.admin();
  staff = await app.staff([mine.id]);
}, 60_000);

const deps = () => ({ ...app.services, replyAddresses: null });
const statusOf = async (promise: Promise<unknown>) => (await refusal(promise)).status;
const pdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF")], "brief.pdf", {
    type: "application/pdf",
  });

describe("a staff member on a customer assigned to them", () => {
  it("reads the customer's page: profile, progress, information, credentials, notes, messages, rounds and files", async () => {
    const actor = staff.user;
    expect((await getCustomer(deps(), actor, { userId: mine.id })).id).toBe(mine.id);
    await expect(getCustomerProgress(deps(), actor, { userId: mine.id })).resolves.toBeDefined();
    await expect(getGoogleBusinessInfo(deps(), actor, { userId: mine.id })).resolves.toBeNull();
    await expect(listCredentials(deps(), actor, { userId: mine.id })).resolves.toBeDefined();
    await expect(listNotes(deps(), actor, { userId: mine.id })).resolves.toEqual([]);
    expect((await listMessages(app.services, actor, { userId: mine.id })).customerId).toBe(mine.id);
    await expect(listReviewRounds(app.services, actor, mine.id)).resolves.toEqual({ google_business: [], website: [] });
    await expect(listDeliveredFiles(app.services, actor, mine.id)).resolves.toEqual({
      google_business: [],
      website: [],
    });
  });

  it("works on it: ticks progress, writes and deletes notes, answers messages, asks for approval, delivers files, edits and reveals credentials", async () => {
    const actor = staff.user;
    const ticked = await toggleProgressStep(deps(), actor, {
      userId: mine.id,
      service: "google_business",
      step: "profileCreation",
      done: true,
    });
    expect(ticked).toBeDefined();

    expect(
      await saveNote(deps(), actor, { userId: mine.id, title: "Call notes", description: "Prefers mornings" }),
    ).toBe("created");
    const [note] = await app.db.select().from(adminUserNotes).where(eq(adminUserNotes.userId, mine.id));
    expect(note?.createdBy).toBe(staff.id);
    await deleteNote(deps(), actor, { userId: mine.id, noteId: note!.id });

    await sendMessage(deps(), mine.user, { userId: mine.id, body: "Hello, anyone there?" });
    await expect(markMessagesRead(deps(), actor, { userId: mine.id })).resolves.toEqual({ marked: true });
    const answered = await sendMessage(deps(), actor, { userId: mine.id, body: "Yes, Sam here." });
    const thread = await listMessages(app.services, mine.user, { userId: mine.id });
    // The customer sees who answered.
    expect(thread.messages.find((message) => message.id === answered.id)).toMatchObject({
      fromAgency: true,
      authorName: staff.user.name,
    });

    const round = await requestApproval(deps(), actor, {
      userId: mine.id,
      service: "website",
      title: "Home page draft",
      files: [pdf()],
    });
    expect(round.version).toBe(1);
    const { id: fileId } = await addDeliveredFile(deps(), actor, { userId: mine.id, service: "website", file: pdf() });
    await removeDeliveredFile(deps(), actor, { userId: mine.id, fileId });

    await saveCredentials(deps(), actor, {
      userId: mine.id,
      editor: "admin",
      cards: [{ type: "domain", title: "Registrar", password: "Domain-Secret-1" }],
    });
    const [credential] = await app.db.select().from(websiteCredentials).where(eq(websiteCredentials.userId, mine.id));
    expect(
      (await revealCredentialSecret(deps(), actor, { credentialId: credential!.id, field: "password" })).value,
    ).toBe("Domain-Secret-1");
    await app.db
      .insert(googleBusinessInfo)
      .values({ userId: mine.id, gmailPassword: encryptSecret(app.services.secrets, "Gmail-Secret-1") });
    expect((await revealGmailPassword(deps(), actor, { userId: mine.id })).value).toBe("Gmail-Secret-1");

    await expect(
      markInformationReviewed(deps(), actor, {
        userId: mine.id,
        form: "google_business",
        seenAt: new Date().toISOString(),
      }),
    ).resolves.toBeDefined();
  });

  it("reads the customer's files of the kinds the team reads, not their payment proofs", () => {
    const actor = staff.user;
    expect(mayReadFile(actor, "job-files", `delivered/${mine.id}/file_1_a.pdf`)).toBe(true);
    expect(mayReadFile(actor, "admin-note-photos", `notes/${mine.id}/note_1_a.webp`)).toBe(true);
    expect(mayReadFile(actor, "admin-note-photos", `${mine.id}/proof_1_a.webp`)).toBe(false);
    expect(mayReadFile(actor, "job-files", `delivered/${other.id}/file_1_a.pdf`)).toBe(false);
  });
});

describe("a staff member on a customer not assigned to them", () => {
  it("gets 404 from every use case on that customer's job, as for a customer that does not exist", async () => {
    const actor = staff.user;
    const userId = other.id;
    const notFound = [
      getCustomer(deps(), actor, { userId }),
      getCustomerProgress(deps(), actor, { userId }),
      getGoogleBusinessInfo(deps(), actor, { userId }),
      listCredentials(deps(), actor, { userId }),
      listNotes(deps(), actor, { userId }),
      listMessages(app.services, actor, { userId }),
      listReviewRounds(app.services, actor, userId),
      listDeliveredFiles(app.services, actor, userId),
      toggleProgressStep(deps(), actor, { userId, service: "google_business", step: "profileCreation", done: true }),
      saveNote(deps(), actor, { userId, title: "Not mine", description: "" }),
      deleteNote(deps(), actor, { userId, noteId: "00000000-0000-4000-8000-000000000000" }),
      sendMessage(deps(), actor, { userId, body: "Hello" }),
      markMessagesRead(deps(), actor, { userId }),
      requestApproval(deps(), actor, { userId, service: "website", title: "Draft" }),
      addDeliveredFile(deps(), actor, { userId, service: "website", file: pdf() }),
      removeDeliveredFile(deps(), actor, { userId, fileId: "00000000-0000-4000-8000-000000000000" }),
      saveCredentials(deps(), actor, { userId, editor: "admin", cards: [{ type: "domain", title: "Registrar" }] }),
      revealGmailPassword(deps(), actor, { userId }),
      markInformationReviewed(deps(), actor, { userId, form: "google_business", seenAt: new Date().toISOString() }),
    ];
    for (const attempt of notFound) expect(await statusOf(attempt)).toBe(404);
    await saveCredentials(deps(), admin.user, {
      userId,
      editor: "admin",
      cards: [{ type: "domain", title: "Registrar", password: "Other-Secret" }],
    });
    const [credential] = await app.db.select().from(websiteCredentials).where(eq(websiteCredentials.userId, userId));
    expect(
      await statusOf(revealCredentialSecret(deps(), actor, { credentialId: credential!.id, field: "password" })),
    ).toBe(404);
  });

  it("reaches the customer once assigned, from the next request on", async () => {
    await app.assign(staff.id, [other.id]);
    const next = await sessionUserFor(app.services, staff.cookie);
    expect(next?.assignedCustomerIds).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect((await getCustomer(deps(), next, { userId: other.id })).id).toBe(other.id);
    await app.db.delete(customerAssignments).where(eq(customerAssignments.customerId, other.id));
    expect(
      await statusOf(getCustomer(deps(), await sessionUserFor(app.services, staff.cookie), { userId: other.id })),
    ).toBe(404);
  });
});

describe("two-factor for the team", () => {
  it("holds a staff member who has not enrolled, while the Security setting requires it, to enrolment with no reach", async () => {
    const { security } = await app.services.settings.get();
    const save = async (twoFactor: boolean) => {
      await saveSettings(deps(), admin.user, { section: "security", values: { ...security, twoFactor } });
      app.services.settings.invalidate();
    };
    await save(true);
    try {
      const held = await sessionUserFor(app.services, staff.cookie);
      expect(held).toMatchObject({ mustEnrolTwoFactor: true, isAdmin: false, assignedCustomerIds: null });
      expect(await statusOf(getCustomer(deps(), held, { userId: mine.id }))).toBe(403);
    } finally {
      await save(false);
    }
    expect((await sessionUserFor(app.services, staff.cookie))?.assignedCustomerIds).toEqual([mine.id]);
  });
});

describe("the admins' own parts", () => {
  it("answer 403 to a staff member, even on a customer assigned to them", async () => {
    const actor = staff.user;
    const paymentId = await app.payment(mine.id, {
      serviceType: "website",
      paymentNumber: 1,
      amount: 350,
      paymentMethod: "zelle",
      status: "pending",
    });
    const { security } = await app.services.settings.get();
    const forbidden = [
      decidePayment(deps(), actor, { paymentId, decision: "approve" }),
      listPaymentsForReview(deps(), actor, { userId: mine.id }),
      getSettings(deps(), actor),
      saveSettings(deps(), actor, { section: "security", values: { ...security } }),
      getSystemStatus({ database: app.database, storage: app.services.storage }, actor),
      getAnalytics(deps(), actor, { choice: "custom", from: "2026-01-01", to: "2026-01-31" }),
      getDashboardFigures(deps(), actor),
      listActivity(deps(), actor, { adminId: null, customerId: null, action: null, page: 1 }),
      listAdminTwoFactor(deps(), actor),
      resetTwoFactor(deps(), actor, { userId: admin.id }),
    ];
    for (const attempt of forbidden) expect(await statusOf(attempt)).toBe(403);
    const [still] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(still?.status).toBe("pending");
  });
});
