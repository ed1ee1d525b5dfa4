import { describe, expect, it } from "vitest";
import { messageIdKey } from "./inbound-mail.server";

describe("messageIdKey", () => {
  it("keeps a Message-ID without its angle brackets, trimmed and lower-case, so a replay matches whatever case it comes in", () => {
    expect(messageIdKey(" <Reply-42@Mail.Example.com> ")).toBe("reply-42@mail.example.com");
    expect(messageIdKey("reply-42@mail.example.com")).toBe("reply-42@mail.example.com");
  });

  it("is null for a mail without one, so such a mail is still taken", () => {
    expect(messageIdKey(undefined)).toBeNull();
    expect(messageIdKey("  ")).toBeNull();
    expect(messageIdKey("<>")).toBeNull();
  });

  it("stands a digest in for an over-long one, the same for the same id and never cut short into another's", () => {
    const long = `<${"a".repeat(300)}@example.com>`;
    const key = messageIdKey(long)!;
    expect(key).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(messageIdKey(long.toUpperCase())).toBe(key);
    expect(messageIdKey(`<${"a".repeat(300)}b@example.com>`)).not.toBe(key);
  });
});
