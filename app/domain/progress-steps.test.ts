import { describe, expect, it } from "vitest";
import {
  doneStepCount,
  GOOGLE_BUSINESS_STEPS,
  isProgressStep,
  progressPercentage,
  progressStepLabel,
  WEBSITE_STEPS,
} from "./progress-steps";

const record = (keys: readonly string[], done: number) =>
  Object.fromEntries(keys.map((key, index) => [key, index < done]));

describe("progress steps", () => {
  it("lists the six Google steps and the eight website steps, in order", () => {
    expect(GOOGLE_BUSINESS_STEPS.map((step) => step.label)).toEqual([
      "Information Collection",
      "Profile Creation",
      "Submitted for Verification",
      "Verification Completed",
      "Profile Optimization",
      "SEO & Local Setup",
    ]);
    expect(WEBSITE_STEPS.map((step) => step.label)).toEqual([
      "Client Information Received",
      "Domain & Hosting Setup",
      "Planning & Structure Definition",
      "Design & Layout Creation",
      "Website Development",
      "SEO Optimization Setup",
      "Review & Client Approval",
      "Website Launch",
    ]);
  });

  it("tells a service's steps from anything else, and names them", () => {
    expect(isProgressStep("google_business", "profileCreation")).toBe(true);
    expect(isProgressStep("google_business", "websiteLaunch")).toBe(false);
    expect(isProgressStep("website", "id")).toBe(false);
    expect(progressStepLabel("website", "designLayout")).toBe("Design & Layout Creation");
  });

  it("rounds done / total x 100, a missing record being 0%", () => {
    const google = GOOGLE_BUSINESS_STEPS.map((step) => step.key);
    const website = WEBSITE_STEPS.map((step) => step.key);
    expect(progressPercentage("google_business", null)).toBe(0);
    expect(progressPercentage("google_business", record(google, 0))).toBe(0);
    expect(progressPercentage("google_business", record(google, 1))).toBe(17);
    expect(progressPercentage("website", record(website, 5))).toBe(63);
    expect(progressPercentage("website", record(website, 8))).toBe(100);
  });

  it("counts done steps as the website's current_step, ignoring other columns", () => {
    const website = WEBSITE_STEPS.map((step) => step.key);
    expect(doneStepCount("website", null)).toBe(0);
    expect(doneStepCount("website", { ...record(website, 3), currentStep: 7, id: "x" })).toBe(3);
  });
});
