import { describe, expect, it } from "vitest";
import { attachmentName, formatFileSize, mergeThread, messagePreview, seenMessageId } from "./message-rules";
import type { MessageView } from "./message-views";

const message = (id: string, fromAgency: boolean, createdAt: string): MessageView => ({
  id,
  fromAgency,
  authorName: null,
  body: id,
  createdAt,
  attachments: [],
  byEmail: false,
});

describe("attachmentName", () => {
  it("keeps the last path segment without control or reserved characters", () => {
    expect(attachmentName("C:\\Users\\me\\photo.jpg")).toBe("photo.jpg");
    expect(attachmentName("../../etc/passwd")).toBe("passwd");
    expect(attachmentName('in"voice<1>\u0000.pdf')).toBe("invoice1.pdf");
    expect(attachmentName("...hidden.png")).toBe("hidden.png");
  });
  it("falls back to 'attachment' with the stored extension, and shortens long names keeping the extension", () => {
    expect(attachmentName("", "pdf")).toBe("attachment.pdf");
    expect(attachmentName(undefined)).toBe("attachment");
    const long = attachmentName(`${"a".repeat(300)}.jpeg`);
    expect(long).toHaveLength(100);
    expect(long.endsWith(".jpeg")).toBe(true);
  });
});

describe("formatFileSize", () => {
  it("reads as bytes, kilobytes or megabytes in the reader's language", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(14_500)).toBe("14 KB");
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe("2.4 MB");
    expect(formatFileSize(2.4 * 1024 * 1024, "es")).toBe("2,4 MB");
  });
});

describe("seenMessageId", () => {
  const thread = [
    message("c1", false, "2026-01-01T10:00:00Z"),
    message("a1", true, "2026-01-01T10:05:00Z"),
    message("c2", false, "2026-01-01T10:10:00Z"),
  ];
  it("marks the viewer's side's last message once the other side read at or after it", () => {
    expect(seenMessageId(thread, false, "2026-01-01T10:10:00Z")).toBe("c2");
    expect(seenMessageId(thread, false, "2026-01-01T10:09:00Z")).toBeNull();
    expect(seenMessageId(thread, true, "2026-01-01T10:06:00Z")).toBe("a1");
  });
  it("is null when the other side never read or the viewer's side wrote nothing", () => {
    expect(seenMessageId(thread, false, null)).toBeNull();
    expect(seenMessageId([message("c1", false, "2026-01-01T10:00:00Z")], true, "2026-01-02T00:00:00Z")).toBeNull();
  });
});

describe("messagePreview", () => {
  it("is one line of at most 140 characters", () => {
    expect(messagePreview("Hello\n\n  there ")).toBe("Hello there");
    const preview = messagePreview("x".repeat(300));
    expect(preview).toHaveLength(140);
    expect(preview.endsWith("…")).toBe(true);
  });
});

describe("mergeThread", () => {
  it("keeps each message once, oldest first, including ones the newest page no longer holds", () => {
    const earlier = [message("m1", false, "2026-01-01T10:00:00Z"), message("m2", true, "2026-01-01T10:01:00Z")];
    const firstPage = [message("m3", false, "2026-01-01T10:02:00Z"), message("m4", true, "2026-01-01T10:03:00Z")];
    const known = mergeThread(earlier, firstPage);
    // A new message arrives: the newest page moved on and no longer holds m3.
    const nextPage = [message("m4", true, "2026-01-01T10:03:00Z"), message("m5", false, "2026-01-01T10:04:00Z")];
    expect(mergeThread(known, nextPage).map((m) => m.id)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
  });
});
