import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, deliveredFiles, emailMessages, notifications } from "~db/schema";
import { addDeliveredFile } from "~/features/delivered-files/add-delivered-file.server";
import { listDeliveredFiles } from "~/features/delivered-files/list-delivered-files.server";
import { removeDeliveredFile } from "~/features/delivered-files/remove-delivered-file.server";
import { mayReadFile } from "~/domain/upload-kinds";
import { keyFromFileUrl } from "~/lib/storage/stored-files";
import { refusal, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  customerA = await app.customer({ name: "Ana Ruiz" });
  customerB = await app.customer({ name: "Blair Banks" });
  admin = await app.admin();
});

const MB = 1024 * 1024;
const zip = (name = "Logo set.zip", size = 2048) =>
  new File([new Uint8Array(size).fill(7)], name, { type: "application/zip" });
const filesOf = (userId: string) => app.db.select().from(deliveredFiles).where(eq(deliveredFiles.userId, userId));

describe("delivered files", () => {
  it("only admins add them: anonymous 401, customers 403, an unknown customer 404; no file, or one over 50 MB, is refused", async () => {
    const input = { userId: customerA.id, service: "website", file: zip() };
    expect((await refusal(addDeliveredFile(app.services, null, input))).status).toBe(401);
    expect((await refusal(addDeliveredFile(app.services, customerA.user, input))).status).toBe(403);
    expect((await refusal(addDeliveredFile(app.services, admin.user, { ...input, userId: admin.id }))).code).toBe(
      "customer_not_found",
    );
    expect((await refusal(addDeliveredFile(app.services, admin.user, { ...input, service: "seo" }))).status).toBe(400);
    const none = await refusal(addDeliveredFile(app.services, admin.user, { ...input, file: null }));
    expect([none.status, none.message]).toEqual([400, "Please choose a file"]);
    const big = await refusal(
      addDeliveredFile(app.services, admin.user, { ...input, file: zip("backup.zip", 50 * MB + 1) }),
    );
    expect([big.status, big.message]).toEqual([413, "The file must be smaller than 50MB"]);
    expect(await filesOf(customerA.id)).toEqual([]);
  });

  it("an admin adds any file: stored as sent for A and the admins only, A told, audited; listed with its download name", async () => {
    await app.deliveredChanges();
    const { id } = await addDeliveredFile(app.services, admin.user, {
      userId: customerA.id,
      service: "website",
      file: zip(),
    });
    const [row] = await filesOf(customerA.id);
    expect(row).toMatchObject({ id, service: "website", name: "Logo set.zip", size: 2048, createdBy: admin.id });
    const key = keyFromFileUrl("delivered-file", row!.fileUrl)!;
    expect(key).toMatch(new RegExp(`^delivered/${customerA.id}/file_\\d+_[a-z0-9]+\\.zip$`));
    expect((await app.services.storage.get("job-files", key))?.byteLength).toBe(2048);
    expect(mayReadFile({ id: customerA.id, isAdmin: false }, "job-files", key)).toBe(true);
    expect(mayReadFile({ id: customerB.id, isAdmin: false }, "job-files", key)).toBe(false);
    const [bell] = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customerA.id), eq(notifications.type, "delivered_file")));
    expect([bell?.title, bell?.message]).toEqual([
      "A file is ready for you",
      "Website: Logo set.zip is ready to download.",
    ]);
    const [mail] = await app.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.to, customerA.email), eq(emailMessages.subject, "A file is ready for you")));
    expect(mail?.link).toBe("/dashboard/website");
    const [event] = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "file.deliver"), eq(auditEvents.customerId, customerA.id)));
    expect(event).toMatchObject({
      actorId: admin.id,
      detail: expect.objectContaining({ service: "website", name: "Logo set.zip" }),
    });
    expect(await app.deliveredChanges()).toEqual(
      expect.arrayContaining([{ table: "delivered_files", userId: customerA.id }]),
    );

    const listed = await listDeliveredFiles(app.services, customerA.user, customerA.id);
    expect(listed.website).toEqual([
      expect.objectContaining({
        id,
        name: "Logo set.zip",
        size: 2048,
        downloadUrl: `${row!.fileUrl}?name=Logo%20set.zip`,
      }),
    ]);
    expect(listed.google_business).toEqual([]);
    expect(await listDeliveredFiles(app.services, admin.user, customerA.id)).toEqual(listed);
    expect((await refusal(listDeliveredFiles(app.services, customerB.user, customerA.id))).status).toBe(403);
    expect((await refusal(listDeliveredFiles(app.services, null, customerA.id))).status).toBe(401);
  });

  it("only admins remove one, of the customer it belongs to; the row, then the file, go, and the removal is audited", async () => {
    const [row] = await filesOf(customerA.id);
    const key = keyFromFileUrl("delivered-file", row!.fileUrl)!;
    expect(
      (await refusal(removeDeliveredFile(app.services, customerA.user, { userId: customerA.id, fileId: row!.id })))
        .status,
    ).toBe(403);
    expect(
      (await refusal(removeDeliveredFile(app.services, admin.user, { userId: customerB.id, fileId: row!.id }))).code,
    ).toBe("delivered_file_not_found");
    await removeDeliveredFile(app.services, admin.user, { userId: customerA.id, fileId: row!.id });
    expect(await filesOf(customerA.id)).toEqual([]);
    expect(await app.services.storage.get("job-files", key)).toBeNull();
    const events = await app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "file.remove"), eq(auditEvents.customerId, customerA.id)));
    expect(events).toHaveLength(1);
    expect(
      (await refusal(removeDeliveredFile(app.services, admin.user, { userId: customerA.id, fileId: row!.id }))).status,
    ).toBe(404);
  });
});
