import { describe, expect, it } from "vitest";
import { countUsers, customerActivity, type CustomerWork } from "./user-counters";

const nothing: CustomerWork = { googleProgress: null, websiteProgress: null, hasGoogleInfo: false };
const google = (verificationCompleted: boolean, seoLocalSetup: boolean) => ({ verificationCompleted, seoLocalSetup });

describe("customerActivity", () => {
  it("is inactive with no progress record and no Google information", () => {
    expect(customerActivity(nothing)).toBe("inactive");
  });

  it("is in progress with any record but nothing finished", () => {
    expect(customerActivity({ ...nothing, hasGoogleInfo: true })).toBe("in_progress");
    expect(customerActivity({ ...nothing, googleProgress: google(false, false) })).toBe("in_progress");
    expect(customerActivity({ ...nothing, googleProgress: google(true, false) })).toBe("in_progress");
    expect(customerActivity({ ...nothing, googleProgress: google(false, true) })).toBe("in_progress");
    expect(customerActivity({ ...nothing, websiteProgress: { websiteLaunch: false } })).toBe("in_progress");
  });

  it("is active once Google is verified and set up locally, or the website is launched", () => {
    expect(customerActivity({ ...nothing, googleProgress: google(true, true) })).toBe("active");
    expect(customerActivity({ ...nothing, websiteProgress: { websiteLaunch: true } })).toBe("active");
    expect(
      customerActivity({ googleProgress: google(false, false), websiteProgress: { websiteLaunch: true }, hasGoogleInfo: true }),
    ).toBe("active");
  });
});

describe("countUsers", () => {
  it("counts every customer once", () => {
    expect(
      countUsers([
        nothing,
        nothing,
        { ...nothing, hasGoogleInfo: true },
        { ...nothing, googleProgress: google(true, true) },
        { ...nothing, websiteProgress: { websiteLaunch: true } },
      ]),
    ).toEqual({ total: 5, active: 2, inactive: 2, inProgress: 1 });
    expect(countUsers([])).toEqual({ total: 0, active: 0, inactive: 0, inProgress: 0 });
  });
});
