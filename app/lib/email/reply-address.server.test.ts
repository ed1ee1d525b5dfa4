import { describe, expect, it } from "vitest";
import { replyAddresses } from "./reply-address.server";

const customer = "0b6f1c2e-7a3d-4e5f-9a8b-1c2d3e4f5a6b";

describe("replyAddresses", () => {
  const addresses = replyAddresses("a-secret-of-thirty-two-characters!!", "replies.example.com");

  it("makes an address that leads back to its customer, whatever the case a mail server gives it", () => {
    const address = addresses.addressFor(customer);
    expect(address).toMatch(/^reply\+[0-9a-f]{48}@replies\.example\.com$/);
    expect(addresses.customerOf(address)).toBe(customer);
    expect(addresses.customerOf(address.toUpperCase())).toBe(customer);
  });

  it("refuses an altered signature, another customer's id with the first one's signature, and another domain", () => {
    const address = addresses.addressFor(customer);
    const flipped = address.replace(/([0-9a-f])@/, (_, digit: string) => `${digit === "0" ? "1" : "0"}@`);
    expect(addresses.customerOf(flipped)).toBeNull();
    const other = addresses.addressFor("11111111-2222-4333-8444-555555555555");
    const spliced = `reply+${other.slice(6, 38)}${address.slice(38)}`;
    expect(addresses.customerOf(spliced)).toBeNull();
    expect(addresses.customerOf(address.replace("replies.example.com", "evil.example.com"))).toBeNull();
    expect(addresses.customerOf("reply+nothex@replies.example.com")).toBeNull();
  });

  it("depends on the secret: another server's address is refused", () => {
    const elsewhere = replyAddresses("another-secret-of-thirty-two-chars!", "replies.example.com");
    expect(addresses.customerOf(elsewhere.addressFor(customer))).toBeNull();
  });
});
