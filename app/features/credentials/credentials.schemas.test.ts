import { describe, expect, it } from "vitest";
import {
  adminCredentialsFormSchema,
  cardErrorMessage,
  cardOfField,
  CREDENTIAL_CARDS,
  credentialCardFormSchema,
  credentialFieldsSchema,
  isUrlOrEmail,
} from "./credentials.schemas";

describe("the credential cards", () => {
  it("map Domain, Hosting & Website and Google Business onto domain, hosting and website; only Google has no PIN", () => {
    expect(CREDENTIAL_CARDS.map((card) => [card.label, card.type, card.websiteLabel, card.hasPin])).toEqual([
      ["Domain", "domain", "Website", true],
      ["Hosting & Website", "hosting", "Website", true],
      ["Google Business", "website", "Gmail Email", false],
    ]);
  });
});

describe("website_link", () => {
  it("is a URL, an e-mail or empty", () => {
    for (const value of [
      "",
      "https://example.com",
      "http://example.com/login?x=1",
      "example.com",
      "my-site.co.uk/admin",
      "casey@gmail.com",
    ]) {
      expect(isUrlOrEmail(value), value).toBe(true);
    }
    for (const value of ["not a link", "example", "javascript:alert(1)", "ftp//x", "@gmail.com"]) {
      expect(isUrlOrEmail(value), value).toBe(false);
    }
  });
});

describe("a card's limits", () => {
  const first = (input: Record<string, unknown>) => {
    const parsed = credentialFieldsSchema.safeParse(input);
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };
  it("takes values at the limits and refuses one character more, with 'must be less than N characters'", () => {
    const at = {
      title: "t".repeat(200),
      username: "u".repeat(200),
      password: "p".repeat(500),
      pin: "1".repeat(50),
      details: "d".repeat(1000),
    };
    expect(first(at)).toBeNull();
    expect(first({ title: "t".repeat(201) })).toBe("Company Provider must be less than 200 characters");
    expect(first({ username: "u".repeat(201) })).toBe("Username must be less than 200 characters");
    expect(first({ password: "p".repeat(501) })).toBe("Password must be less than 500 characters");
    expect(first({ pin: "1".repeat(51) })).toBe("PIN must be less than 50 characters");
    expect(first({ details: "d".repeat(1001) })).toBe("Details must be less than 1000 characters");
    expect(first({ websiteLink: "nope" })).toBe("Must be a valid URL or email address");
  });

  it("keeps a secret exactly as typed, spaces included", () => {
    expect(credentialFieldsSchema.parse({ password: " pass word ", title: " GoDaddy " })).toMatchObject({
      password: " pass word ",
      title: "GoDaddy",
    });
  });

  it("names the card in a message, with 'Invalid input' when there is none", () => {
    expect(cardErrorMessage("hosting", "PIN must be less than 50 characters")).toBe(
      "Hosting & Website: PIN must be less than 50 characters",
    );
    expect(cardErrorMessage("website", undefined)).toBe("Google Business: Invalid input");
    expect(cardOfField("website.pin")).toBe("website");
    expect(cardOfField("pin")).toBeUndefined();
    expect(cardOfField("pin", "domain")).toBe("domain");
  });

  it("the forms: one card with its type, or the admin's three cards", () => {
    expect(credentialCardFormSchema.safeParse({ intent: "save-card", credentialType: "other" }).success).toBe(false);
    expect(adminCredentialsFormSchema.parse({ intent: "save-credentials", domain: { title: "X" } })).toEqual({
      intent: "save-credentials",
      domain: { title: "X" },
    });
  });
});
