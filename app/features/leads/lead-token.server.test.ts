import { describe, expect, it } from "vitest";
import { LEAD_TOKEN_TTL_MS, readLeadToken, signLeadToken } from "./lead-token.server";

const SECRET = "a-test-secret-of-at-least-thirty-two-chars";
const LEAD = "0b0f6a4e-3c1d-4b7e-9f2a-1234567890ab";
const NOW = new Date("2026-12-01T12:00:00Z");

describe("lead tokens", () => {
  it("name their lead until they expire", () => {
    const token = signLeadToken(SECRET, LEAD, NOW);
    expect(readLeadToken(SECRET, token, NOW)).toBe(LEAD);
    expect(readLeadToken(SECRET, token, new Date(NOW.getTime() + LEAD_TOKEN_TTL_MS - 1000))).toBe(LEAD);
    expect(readLeadToken(SECRET, token, new Date(NOW.getTime() + LEAD_TOKEN_TTL_MS))).toBeNull();
  });

  it("are refused when signed with another secret, altered or malformed", () => {
    const token = signLeadToken(SECRET, LEAD, NOW);
    const [, expiry, signed] = token.split(".");
    expect(readLeadToken("another-secret-of-at-least-thirty-two-chars", token, NOW)).toBeNull();
    expect(readLeadToken(SECRET, `${"1".repeat(8)}${LEAD.slice(8)}.${expiry}.${signed}`, NOW)).toBeNull();
    expect(readLeadToken(SECRET, `${LEAD}.${Number(expiry) + 86_400}.${signed}`, NOW)).toBeNull();
    for (const bad of [undefined, "", "nonsense", `${LEAD}.${expiry}`, `${token}.more`, "x".repeat(300)]) {
      expect(readLeadToken(SECRET, bad, NOW)).toBeNull();
    }
  });
});
