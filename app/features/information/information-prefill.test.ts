import { describe, expect, it } from "vitest";
import type { GoogleBusinessInfoView } from "~/features/information/google-business/google-business-views";
import type { WebsiteInfoView } from "~/features/information/website/website-info-views";
import { googleBusinessPrefill, websitePrefill } from "./information-prefill";

const DETAILS = {
  userId: "u1",
  logo: { url: "/files/business-logos/u1/logo.png", thumbnailUrl: "/files/business-logos/u1/logo.thumb.webp" },
  legalBusinessName: "Casey Plumbing LLC",
  phoneNumber: "(555) 201-3344",
  facebookLink: "https://facebook.com/casey",
  instagramLink: null,
  linkedinLink: null,
  address: "1 Main St",
  aptSuite: "Suite 2",
  city: "Miami",
  state: "FL",
  zip: "33101",
  serviceCities: ["Miami", "Doral"],
  updatedAt: "2026-11-20T10:00:00.000Z",
};
const GOOGLE: GoogleBusinessInfoView = {
  ...DETAILS,
  gmailEmail: "casey@gmail.com",
  gmailPassword: { isSet: true },
  serviceType: "Plumbing",
  openingDate: "2020-01-01",
  website: null,
  photos: [],
};
const WEBSITE: WebsiteInfoView = {
  ...DETAILS,
  hasDomain: false,
  domainProvider: null,
  domain: { username: null, password: { isSet: false } },
  hasHosting: false,
  hostingProvider: null,
  hosting: { username: null, password: { isSet: false } },
  primaryColor: null,
  founderPhoto: null,
  serviceTypes: ["Drain cleaning", "Water heaters"],
};
const SIGN_UP = { companyName: "Casey Co", phone: "(555) 000-1111" };

describe("an empty form's first values", () => {
  it("take the website's business details for the Google form, its first service type as the type of service", () => {
    const prefill = googleBusinessPrefill(WEBSITE, SIGN_UP);
    expect(prefill?.from).toBe("website");
    expect(prefill?.values).toMatchObject({
      legalBusinessName: "Casey Plumbing LLC",
      phoneNumber: "(555) 201-3344",
      address: "1 Main St",
      aptSuite: "Suite 2",
      state: "FL",
      serviceCities: ["Miami", "Doral"],
      logo: DETAILS.logo,
      serviceType: "Drain cleaning",
    });
    // Only what both forms ask for: nothing of the website's own (colour, domain, founder photo).
    expect(Object.keys(prefill!.values)).not.toContain("primaryColor");
  });

  it("take the Google details for the website form, its type of service as the first service type", () => {
    const prefill = websitePrefill(GOOGLE, SIGN_UP);
    expect(prefill?.from).toBe("google_business");
    expect(prefill?.values).toMatchObject({
      legalBusinessName: "Casey Plumbing LLC",
      city: "Miami",
      serviceTypes: ["Plumbing"],
    });
    expect(Object.keys(prefill!.values)).not.toContain("gmailEmail");
  });

  it("fall back to the sign-up's company and phone, and are none when the sign-up gave neither", () => {
    expect(websitePrefill(null, SIGN_UP)).toEqual({
      from: "signup",
      values: { legalBusinessName: "Casey Co", phoneNumber: "(555) 000-1111" },
    });
    expect(googleBusinessPrefill(null, { companyName: "", phone: "" })).toBeNull();
  });
});
