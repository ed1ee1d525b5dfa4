import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { replyAddressSigner } from "./reply-address.server";

const row = "0b6f1c2e-7a3d-4e5f-9a8b-1c2d3e4f5a6b";
const SECRET = "a-secret-of-thirty-two-characters!!";

describe("replyAddressSigner", () => {
  const signer = replyAddressSigner(SECRET, "replies.example.com");

  it("makes an address that leads back to its row, whatever the case a mail server gives it, within SMTP's 64-character local part", () => {
    const address = signer.format(row);
    expect(address).toMatch(/^reply\+[0-9a-f]{48}@replies\.example\.com$/);
    expect(address.split("@")[0]!.length).toBeLessThanOrEqual(64);
    expect(signer.parse(address)).toBe(row);
    expect(signer.parse(address.toUpperCase())).toBe(row);
  });

  it("refuses an altered signature, another row's id with the first one's signature, and another domain", () => {
    const address = signer.format(row);
    const flipped = address.replace(/([0-9a-f])@/, (_, digit: string) => `${digit === "0" ? "1" : "0"}@`);
    expect(signer.parse(flipped)).toBeNull();
    const other = signer.format("11111111-2222-4333-8444-555555555555");
    const spliced = `reply+${other.slice(6, 38)}${address.slice(38)}`;
    expect(signer.parse(spliced)).toBeNull();
    expect(signer.parse(address.replace("replies.example.com", "evil.example.com"))).toBeNull();
    expect(signer.parse("reply+nothex@replies.example.com")).toBeNull();
  });

  it("depends on the secret: another server's address is refused", () => {
    const elsewhere = replyAddressSigner("another-secret-of-thirty-two-chars!", "replies.example.com");
    expect(signer.parse(elsewhere.format(row))).toBeNull();
  });

  it("does not take an address signed under the old label, which named only the customer", () => {
    const idHex = row.replaceAll("-", "");
    const old = createHmac("sha256", SECRET).update(`conversation-reply:${idHex}`).digest("hex").slice(0, 16);
    expect(signer.parse(`reply+${idHex}${old}@replies.example.com`)).toBeNull();
  });
});
