import { describe, expect, it } from "vitest";
import { progressNotification } from "./progress-notification";

describe("progressNotification", () => {
  it("names the step in the title and the message, with the service's notification type", () => {
    expect(progressNotification("google_business", "profileCreation")).toEqual({
      type: "google_business_progress",
      title: "Profile Creation is complete",
      message: "Profile Creation is complete on your Google Business Profile.",
    });
    expect(progressNotification("website", "websiteLaunch")).toEqual({
      type: "website_progress",
      title: "Website Launch is complete",
      message: "Website Launch is complete on your website.",
    });
  });
});
