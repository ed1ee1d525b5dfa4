import { describe, expect, it } from "vitest";
import { cleanTextList, isWebUrl, latestOpeningDate, localToday } from "~/features/information/information-rules";
import { googleBusinessFormSchema } from "./google-business.schemas";

const VALID = {
  gmailEmail: "owner@gmail.com",
  gmailPassword: "secret",
  legalBusinessName: "Acme Plumbing LLC",
  serviceType: "Plumbing",
  openingDate: "2019-05-04",
  phoneNumber: "(555) 123-4567",
  website: "",
  facebookLink: "",
  instagramLink: "",
  linkedinLink: "",
  address: "1 Main St",
  aptSuite: "",
  city: "Austin",
  state: "TX",
  zip: "73301",
  serviceCities: ["Austin"],
};

const schema = googleBusinessFormSchema({ passwordSaved: false });
const firstMessage = (input: Record<string, unknown>, s = schema) => {
  const result = s.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("the Google Business form's rules, one row per rule", () => {
  it.each([
    ["gmailEmail", "not-an-email", "Invalid email address"],
    ["gmailEmail", "", "Invalid email address"],
    ["gmailEmail", `${"a".repeat(250)}@gmail.com`, "Email must be less than 255 characters"],
    ["gmailPassword", "", "Gmail password is required"],
    ["legalBusinessName", "   ", "Legal business name is required"],
    ["legalBusinessName", "x".repeat(200), "Legal business name must be less than 200 characters"],
    ["serviceType", "", "Type of service is required"],
    ["serviceType", "x".repeat(100), "Type of service must be less than 100 characters"],
    ["openingDate", "", "Opening date is required"],
    ["openingDate", "3000-01-01", "Opening date cannot be in the future"],
    ["phoneNumber", "", "Phone number is required"],
    ["phoneNumber", "555-CALL-NOW", "Invalid phone number format"],
    ["website", "not a url", "Must be a valid URL"],
    ["facebookLink", "facebook", "Must be a valid URL"],
    ["instagramLink", "ftp://instagram.com/x", "Must be a valid URL"],
    ["linkedinLink", "linkedin.com/in/x", "Must be a valid URL"],
    ["address", "", "Street address is required"],
    ["address", "x".repeat(200), "Street address must be less than 200 characters"],
    ["aptSuite", "x".repeat(50), "Apt/Suite must be less than 50 characters"],
    ["city", "", "City is required"],
    ["city", "x".repeat(100), "City must be less than 100 characters"],
    ["state", "", "State is required"],
    ["state", "x".repeat(50), "State must be less than 50 characters"],
    ["zip", "", "ZIP code is required"],
    ["zip", "1234", "Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)"],
    ["zip", "12345-67", "Invalid ZIP code format. Use 5 digits (e.g., 12345 or 12345-6789)"],
    ["serviceCities", [], "At least one service city is required"],
    ["serviceCities", ["  ", ""], "At least one service city is required"],
  ])("%s = %j: %s", (field, value, message) => {
    expect(firstMessage({ ...VALID, [field]: value })).toBe(message);
  });

  it.each([
    ["phoneNumber", "+1 (555) 123-4567"],
    ["zip", "12345-6789"],
    ["website", ""],
    ["website", "https://acme.example.com/about"],
    ["linkedinLink", "https://www.linkedin.com/company/acme"],
    ["state", "T"],
    ["openingDate", localToday()],
  ])("accepts %s = %j", (field, value) => {
    expect(firstMessage({ ...VALID, [field]: value })).toBeNull();
  });

  it("reports the first field's error first, in the page's order", () => {
    expect(firstMessage({ ...VALID, zip: "", gmailEmail: "bad", city: "" })).toBe("Invalid email address");
  });

  it("stores a state named or coded in any case as its code, and keeps an older free-text one as typed", () => {
    expect(schema.parse({ ...VALID, state: "texas" }).state).toBe("TX");
    expect(schema.parse({ ...VALID, state: " Ontario " }).state).toBe("Ontario");
  });

  it("keeps a saved Gmail password when the field is left empty, and only then", () => {
    const saved = googleBusinessFormSchema({ passwordSaved: true }).parse({ ...VALID, gmailPassword: "" });
    expect(saved.gmailPassword).toBeNull();
    expect(firstMessage({ ...VALID, gmailPassword: undefined })).toBe("Gmail password is required");
  });

  it("cleans the service cities: trimmed, empties and duplicates (any case) dropped, first spelling kept", () => {
    const value = schema.parse({
      ...VALID,
      serviceCities: [" Austin ", "", "austin", "Round Rock", "AUSTIN", "Round Rock "],
    });
    expect(value.serviceCities).toEqual(["Austin", "Round Rock"]);
  });

  it("stores empty optional texts and links as null", () => {
    const value = schema.parse(VALID);
    expect(value).toMatchObject({ website: null, facebookLink: null, aptSuite: null });
  });

  it("keeps only non-empty kept-photo references", () => {
    expect(schema.parse({ ...VALID, keepPhotos: ["/files/a", "", undefined] }).keepPhotos).toEqual(["/files/a"]);
  });
});

describe("service cities, URLs and dates", () => {
  it("cleanTextList keeps duplicates when asked (the website form)", () => {
    expect(cleanTextList([" Miami", "Miami ", ""], { unique: false })).toEqual(["Miami", "Miami"]);
    expect(cleanTextList([" Miami", "miami", ""], { unique: true })).toEqual(["Miami"]);
  });

  it("isWebUrl takes http and https addresses with a host name only", () => {
    expect(isWebUrl("https://example.com")).toBe(true);
    expect(isWebUrl("http://example.com/x?y=1")).toBe(true);
    expect(isWebUrl("mailto:a@example.com")).toBe(false);
    expect(isWebUrl("https://localhost")).toBe(false);
    expect(isWebUrl("example.com")).toBe(false);
  });

  it("the latest opening date is today in the earliest time zone (UTC+14)", () => {
    expect(latestOpeningDate(new Date("2026-03-10T09:59:00Z"))).toBe("2026-03-10");
    expect(latestOpeningDate(new Date("2026-03-10T10:00:00Z"))).toBe("2026-03-11");
  });
});
