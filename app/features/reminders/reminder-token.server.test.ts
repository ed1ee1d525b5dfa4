import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, signUnsubscribeToken } from "./reminder-token.server";

const secret = "a".repeat(32);
const userId = "0b6f3c1e-9a0d-4c6b-8f1e-2d3c4b5a6978";

describe("the unsubscribe link's token", () => {
  it("names the customer it was made for", () => {
    expect(readUnsubscribeToken(secret, signUnsubscribeToken(secret, userId))).toBe(userId);
  });

  it("is refused altered, for another customer, with another secret, or malformed", () => {
    const token = signUnsubscribeToken(secret, userId);
    const other = "1b6f3c1e-9a0d-4c6b-8f1e-2d3c4b5a6978";
    expect(readUnsubscribeToken(secret, `${other}.${token.split(".")[1]}`)).toBeNull();
    expect(readUnsubscribeToken("b".repeat(32), token)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}x`)).toBeNull();
    expect(readUnsubscribeToken(secret, "not-a-token")).toBeNull();
    expect(readUnsubscribeToken(secret, undefined)).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}.more`)).toBeNull();
  });
});
