import { describe, expect, it } from "vitest";
import { PALETTE, paletteColor } from "./palette";
import { websiteInfoFormSchema } from "./website-info.schemas";

const VALID = {
  hasDomain: false,
  hasHosting: false,
  legalBusinessName: "Acme Painting",
  phoneNumber: "(555) 123-4567",
  serviceTypes: ["Interior painting"],
  facebookLink: "",
  instagramLink: "",
  linkedinLink: "",
  serviceCities: ["Austin"],
  address: "1 Main St",
  aptSuite: "",
  city: "Austin",
  state: "TX",
  zip: "73301",
};

const firstMessage = (input: Record<string, unknown>) => {
  const result = websiteInfoFormSchema.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the website form's rules (the camelCase field names), one row per rule", () => {
  it.each([
    ["legalBusinessName", "", "Legal business name is required"],
    ["legalBusinessName", "x".repeat(200), "Legal business name must be less than 200 characters"],
    ["phoneNumber", "", "Phone number is required"],
    ["phoneNumber", "call me", "Invalid phone number format"],
    ["serviceTypes", [], "At least one service type is required"],
    ["serviceTypes", [" "], "At least one service type is required"],
    ["facebookLink", "nope", "Must be a valid URL"],
    ["instagramLink", "instagram.com/x", "Must be a valid URL"],
    ["linkedinLink", "javascript:alert(1)", "Must be a valid URL"],
    ["serviceCities", [], "At least one service city is required"],
    ["address", "", "Street address is required"],
    ["address", "x".repeat(200), "Street address must be less than 200 characters"],
    ["aptSuite", "x".repeat(50), "Apt/Suite must be less than 50 characters"],
    ["city", "", "City is required"],
    ["city", "x".repeat(100), "City must be less than 100 characters"],
    ["state", "", "State is required"],
    ["state", "T", "State must be at least 2 characters"],
    ["state", "x".repeat(50), "State must be less than 50 characters"],
    ["zip", "", "ZIP code is required"],
    ["zip", "ABCDE", "Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)"],
    ["primaryColor", "#123456", "Please choose a color from the palette"],
  ])("%s = %j: %s", (field, value, message) => {
    expect(firstMessage({ ...VALID, [field]: value })).toBe(message);
  });

  it("keeps duplicate service types and cities, drops empty ones", () => {
    const value = websiteInfoFormSchema.parse({
      ...VALID,
      serviceTypes: ["Roofs", " Roofs ", ""],
      serviceCities: ["Miami", "Miami"],
    });
    expect(value.serviceTypes).toEqual(["Roofs", "Roofs"]);
    expect(value.serviceCities).toEqual(["Miami", "Miami"]);
  });

  it("an unticked box clears its provider, username and password; a ticked one keeps them", () => {
    const value = websiteInfoFormSchema.parse({
      ...VALID,
      hasDomain: true,
      domainProvider: "GoDaddy",
      domainUsername: "me",
      domainPassword: "pw",
      hasHosting: false,
      hostingProvider: "Bluehost",
      hostingUsername: "me",
      hostingPassword: "pw",
    });
    expect(value).toMatchObject({
      hasDomain: true,
      domainProvider: "GoDaddy",
      domainUsername: "me",
      domainPassword: "pw",
      hasHosting: false,
      hostingProvider: null,
      hostingUsername: null,
      hostingPassword: null,
    });
  });

  it("accepts a palette colour as the primary colour", () => {
    expect(websiteInfoFormSchema.parse({ ...VALID, primaryColor: "#1E3A8A" }).primaryColor).toBe("#1E3A8A");
  });
});

describe("the palette", () => {
  it("has the 20 brand colour names, in order, each with a distinct hex value", () => {
    expect(PALETTE.map((color) => color.name)).toEqual([
      "Red",
      "Coral",
      "Blue",
      "Navy",
      "Sky Blue",
      "Green",
      "Emerald",
      "Lime",
      "Orange",
      "Amber",
      "Purple",
      "Violet",
      "Pink",
      "Yellow",
      "Teal",
      "Cyan",
      "Indigo",
      "Gray",
      "Slate",
      "Brown",
    ]);
    expect(PALETTE.map((color) => color.hex)).toEqual([
      "#EF4444",
      "#FF7F50",
      "#3B82F6",
      "#1E3A8A",
      "#0EA5E9",
      "#22C55E",
      "#10B981",
      "#84CC16",
      "#F97316",
      "#F59E0B",
      "#A855F7",
      "#8B5CF6",
      "#EC4899",
      "#EAB308",
      "#14B8A6",
      "#06B6D4",
      "#6366F1",
      "#6B7280",
      "#64748B",
      "#92400E",
    ]);
    expect(new Set(PALETTE.map((color) => color.hex.toLowerCase())).size).toBe(20);
  });

  it("names a stored value, whatever its case, and nothing else", () => {
    expect(paletteColor("#1e3a8a")?.name).toBe("Navy");
    expect(paletteColor("#000000")).toBeNull();
    expect(paletteColor(null)).toBeNull();
  });
});
