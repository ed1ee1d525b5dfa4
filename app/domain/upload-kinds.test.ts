import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { fileTypeFromBuffer } from "file-type";
import {
  checkPickedFile,
  checkUploadSizes,
  isAllowedImageType,
  kindOfKey,
  mayReadFile,
  ownerOfKey,
  sniffedType,
  thumbnailKey,
  UPLOAD_KINDS,
  uploadBodyLimit,
  uploadKey,
  type UploadKind,
} from "./upload-kinds";

const MB = 1024 * 1024;
const customer = { id: "user-a", isAdmin: false };
const other = { id: "user-b", isAdmin: false };
const admin = { id: "admin-1", isAdmin: true };

describe("the upload kinds table", () => {
  it("has each kind's bucket, size and count limits", () => {
    const limits = Object.fromEntries(
      Object.entries(UPLOAD_KINDS).map(([kind, rule]) => [kind, [rule.bucket, rule.maxBytes / MB, rule.maxFiles]]),
    );
    expect(limits).toEqual({
      avatar: ["avatars", 2, 1],
      "google-logo": ["business-logos", 5, 1],
      "google-photo": ["google-business-photos", 5, 6],
      "website-logo": ["business-logos", 5, 1],
      "founder-photo": ["avatars", 5, 1],
      "note-photo": ["admin-note-photos", 10, 6],
      "payment-proof": ["admin-note-photos", 10, 1],
      "message-attachment": ["message-attachments", 10, 5],
      "approval-file": ["job-files", 10, 6],
      "delivered-file": ["job-files", 50, 1],
    });
  });

  it("gives kinds that share a bucket and prefix the same readers, so the policy by key is unambiguous", () => {
    const rules = Object.values(UPLOAD_KINDS);
    for (const a of rules) {
      for (const b of rules) {
        if (a.bucket === b.bucket && a.prefix === b.prefix) expect(a.readers).toBe(b.readers);
      }
    }
  });

  it("accepts JPEG, PNG and WebP only", () => {
    expect(["image/jpeg", "image/png", "image/webp"].every(isAllowedImageType)).toBe(true);
    for (const mime of ["image/svg+xml", "image/gif", "text/plain", "application/pdf", undefined, "toString"]) {
      expect(isAllowedImageType(mime)).toBe(false);
    }
  });
});

describe("uploadKey and thumbnailKey", () => {
  it("puts the owner first, note photos under notes/, and the thumbnail beside the file", () => {
    const parts = { timestamp: 1700000000000, random: "ab12cd34ef" };
    expect(uploadKey("avatar", "user-a", "png", parts)).toBe("user-a/avatar_1700000000000_ab12cd34ef.png");
    expect(uploadKey("payment-proof", "user-a", "jpg", { ...parts, stem: "website_payment_2" })).toBe(
      "user-a/website_payment_2_1700000000000_ab12cd34ef.jpg",
    );
    const note = uploadKey("note-photo", "user-a", "webp", parts);
    expect(note).toBe("notes/user-a/note-photo_1700000000000_ab12cd34ef.webp");
    expect(thumbnailKey(note)).toBe("notes/user-a/note-photo_1700000000000_ab12cd34ef.thumb.webp");
    expect(thumbnailKey("a.b/c")).toBe("a.b/c.thumb.webp");
  });

  it("refuses owner ids and stems that are not plain names", () => {
    const parts = { timestamp: 1, random: "abc" };
    for (const owner of ["", "..", "../x", "a/b", "a b"]) {
      expect(() => uploadKey("avatar", owner, "png", parts)).toThrow(/Unsafe owner id/);
    }
    for (const stem of ["../x", "A", "a/b", ""]) {
      expect(() => uploadKey("avatar", "u", "png", { ...parts, stem })).toThrow(/Unsafe file stem/);
    }
  });
});

describe("checkUploadSizes", () => {
  it("refuses missing, too many and too large files with the kind's message", () => {
    expect(checkUploadSizes("avatar", [])).toEqual({ problem: "missing", message: "Please select a valid image" });
    expect(checkUploadSizes("avatar", [0])?.problem).toBe("missing");
    expect(checkUploadSizes("avatar", [2 * MB])).toBeNull();
    expect(checkUploadSizes("avatar", [2 * MB + 1])).toEqual({
      problem: "tooLarge",
      message: "Image must be smaller than 2MB",
    });
    expect(checkUploadSizes("google-photo", [1, 1, 1], 4)).toEqual({
      problem: "tooMany",
      message: "You can only upload 2 more photo(s)",
    });
    expect(checkUploadSizes("google-photo", [1, 1], 4)).toBeNull();
    expect(checkUploadSizes("note-photo", Array(7).fill(1))?.message).toBe("Maximum 6 photos allowed");
    expect(checkUploadSizes("note-photo", Array(6).fill(10 * MB))).toBeNull();
    expect(checkUploadSizes("payment-proof", [10 * MB + 1])?.message).toBe(
      "The proof of payment photo must be smaller than 10MB",
    );
  });
});

describe("sniffedType and checkPickedFile", () => {
  const image = (format: "jpeg" | "png" | "webp") =>
    sharp({ create: { width: 4, height: 4, channels: 3, background: "#36c" } })
      .toFormat(format)
      .toBuffer();
  const pdf = Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

  it("reads the types the server's sniffing reads, from the same first bytes", async () => {
    for (const bytes of [await image("jpeg"), await image("png"), await image("webp"), pdf]) {
      expect(sniffedType(new Uint8Array(bytes))).toBe((await fileTypeFromBuffer(bytes))?.mime);
    }
    expect(sniffedType(new TextEncoder().encode("not an image at all"))).toBeNull();
    expect(sniffedType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(sniffedType(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x41, 0x56, 0x49, 0x20]))).toBeNull();
    expect(sniffedType(new Uint8Array())).toBeNull();
  });

  it("refuses a picked file by its size or its bytes, whatever its name or declared type says", async () => {
    const png = new Blob([await image("png")], { type: "image/png" });
    expect(await checkPickedFile("message-attachment", png)).toBeNull();
    expect(await checkPickedFile("message-attachment", new Blob([pdf]))).toBeNull();
    expect(await checkPickedFile("message-attachment", new Blob(["text"], { type: "image/png" }))).toBe("notImage");
    expect(await checkPickedFile("message-attachment", new Blob([]))).toBe("missing");
    expect(await checkPickedFile("message-attachment", new Blob([new Uint8Array(10 * MB + 1)]))).toBe("tooLarge");
    // A kind without PDFs refuses one; a kind of any file takes anything.
    expect(await checkPickedFile("payment-proof", new Blob([pdf]))).toBe("notImage");
    expect(await checkPickedFile("delivered-file", new Blob(["anything"]))).toBeNull();
  });
});

describe("uploadBodyLimit", () => {
  it("fits every file of the kind at its largest plus the form", () => {
    expect(uploadBodyLimit("payment-proof")).toBe(10 * MB + 64 * 1024);
    expect(uploadBodyLimit("note-photo")).toBe(60 * MB + 64 * 1024);
    expect(uploadBodyLimit("google-photo")).toBe(30 * MB + 64 * 1024);
    expect(uploadBodyLimit("avatar")).toBe(2 * MB + 64 * 1024);
  });
});

describe("mayReadFile", () => {
  const cases: [UploadKind, string][] = [
    ["avatar", "avatars"],
    ["google-logo", "business-logos"],
    ["google-photo", "google-business-photos"],
    ["website-logo", "business-logos"],
    ["founder-photo", "avatars"],
    ["payment-proof", "admin-note-photos"],
  ];
  it.each(cases)("lets the owner and admins read a %s, not another customer", (kind, bucket) => {
    const key = uploadKey(kind, customer.id, "png", { timestamp: 1, random: "a1" });
    expect(kindOfKey(bucket, key)).not.toBe("note-photo");
    expect(mayReadFile(customer, bucket, key)).toBe(true);
    expect(mayReadFile(customer, bucket, thumbnailKey(key))).toBe(true);
    expect(mayReadFile(admin, bucket, key)).toBe(true);
    expect(mayReadFile(other, bucket, key)).toBe(false);
    expect(mayReadFile(other, bucket, thumbnailKey(key))).toBe(false);
  });

  it("keeps note photos for admins, even from the customer the note is about (rule by key, same bucket as proofs)", () => {
    const key = uploadKey("note-photo", customer.id, "jpg", { timestamp: 1, random: "a1" });
    expect(kindOfKey("admin-note-photos", key)).toBe("note-photo");
    expect(ownerOfKey("note-photo", key)).toBe(customer.id);
    expect(mayReadFile(customer, "admin-note-photos", key)).toBe(false);
    expect(mayReadFile(customer, "admin-note-photos", thumbnailKey(key))).toBe(false);
    expect(mayReadFile(admin, "admin-note-photos", key)).toBe(true);
    // A customer whose id happened to be "notes" still reads no note photo.
    expect(mayReadFile({ id: "notes", isAdmin: false }, "admin-note-photos", key)).toBe(false);
  });

  it("still serves proofs stored under today's key shape to their owner", () => {
    const key = "user-a/google_business_payment_1_1700000000000.png";
    expect(mayReadFile(customer, "admin-note-photos", key)).toBe(true);
    expect(mayReadFile(other, "admin-note-photos", key)).toBe(false);
  });

  it("refuses customers unknown buckets and keys without an owner segment", () => {
    expect(mayReadFile(customer, "secrets", "user-a/x.png")).toBe(false);
    expect(mayReadFile(customer, "avatars", "user-a")).toBe(false);
    expect(mayReadFile(admin, "avatars", "anything.png")).toBe(true);
  });
});
