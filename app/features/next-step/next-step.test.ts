import { describe, expect, it } from "vitest";
import { GOOGLE_BUSINESS_STEPS, WEBSITE_STEPS } from "~/domain/progress-steps";
import { nextStep, nextSteps, websiteInReview, type NextStepInput, type NextStepPayment } from "./next-step";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
const pay = (serviceType: string, paymentNumber: number, status: string, minute = 0): NextStepPayment => ({
  serviceType,
  paymentNumber,
  status,
  createdAt: at(minute),
});
const stepsDone = (keys: readonly { key: string }[], count: number) =>
  Object.fromEntries(keys.map((step, i) => [step.key, i < count]));

function input(over: Partial<NextStepInput> = {}): NextStepInput {
  return {
    payments: [],
    informationSent: { google_business: false, website: false },
    steps: { google_business: null, website: null },
    waitingRounds: { google_business: null, website: null },
    ...over,
  };
}

describe("nextStep: Google Business Profile", () => {
  const service = "google_business" as const;

  it("offers the payment when there is none", () => {
    expect(nextStep(service, input())).toEqual({ kind: "pay", paymentNumber: 1, retry: false });
  });

  it("offers to pay again after a rejection", () => {
    expect(nextStep(service, input({ payments: [pay(service, 1, "rejected")] }))).toEqual({
      kind: "pay",
      paymentNumber: 1,
      retry: true,
    });
  });

  it("offers to pay again once the payment was refunded in full; a partly refunded one (still completed) counts as paid", () => {
    const refunded = input({
      payments: [pay(service, 1, "refunded")],
      informationSent: { google_business: true, website: false },
    });
    expect(nextStep(service, refunded)).toEqual({ kind: "pay", paymentNumber: 1, retry: false });
    expect(
      nextStep(service, input({ payments: [pay(service, 1, "refunded", 1), pay(service, 1, "pending", 5)] })).kind,
    ).toBe("reviewing");
  });

  it("says the payment is being reviewed while it is pending (an unknown status counts as pending)", () => {
    expect(nextStep(service, input({ payments: [pay(service, 1, "pending")] }))).toEqual({
      kind: "reviewing",
      paymentNumber: 1,
    });
    expect(nextStep(service, input({ payments: [pay(service, 1, "processing")] }))).toEqual({
      kind: "reviewing",
      paymentNumber: 1,
    });
  });

  it("reads the newest payment: a retry pending after a rejection is under review", () => {
    const payments = [pay(service, 1, "pending", 5), pay(service, 1, "rejected", 1)];
    expect(nextStep(service, input({ payments })).kind).toBe("reviewing");
  });

  it("asks for the information once paid", () => {
    expect(nextStep(service, input({ payments: [pay(service, 1, "completed")] }))).toEqual({
      kind: "send-information",
    });
  });

  it("points to the checklist once the information is sent (no record counts as nothing done)", () => {
    const base = {
      payments: [pay(service, 1, "completed")],
      informationSent: { google_business: true, website: false },
    };
    expect(nextStep(service, input(base))).toEqual({ kind: "in-progress", done: 0, total: 6 });
    expect(
      nextStep(
        service,
        input({ ...base, steps: { google_business: stepsDone(GOOGLE_BUSINESS_STEPS, 4), website: null } }),
      ),
    ).toEqual({
      kind: "in-progress",
      done: 4,
      total: 6,
    });
  });

  it("is finished when every step is done", () => {
    const state = input({
      payments: [pay(service, 1, "completed")],
      informationSent: { google_business: true, website: false },
      steps: { google_business: stepsDone(GOOGLE_BUSINESS_STEPS, 6), website: null },
    });
    expect(nextStep(service, state)).toEqual({ kind: "finished" });
  });

  it("ignores the other service's payments", () => {
    expect(nextStep(service, input({ payments: [pay("website", 1, "completed")] })).kind).toBe("pay");
  });
});

describe("nextStep: Website", () => {
  const service = "website" as const;
  const paid = (more: NextStepPayment[] = []) => [pay(service, 1, "completed", 0), ...more];
  const sent = { google_business: false, website: true };
  const withSteps = (count: number) => ({ google_business: null, website: stepsDone(WEBSITE_STEPS, count) });

  it("offers payment 1, then again after a rejection", () => {
    expect(nextStep(service, input())).toEqual({ kind: "pay", paymentNumber: 1, retry: false });
    expect(nextStep(service, input({ payments: [pay(service, 1, "rejected")] }))).toEqual({
      kind: "pay",
      paymentNumber: 1,
      retry: true,
    });
  });

  it("says payment 1 is being reviewed while pending", () => {
    expect(nextStep(service, input({ payments: [pay(service, 1, "pending")] }))).toEqual({
      kind: "reviewing",
      paymentNumber: 1,
    });
  });

  it("asks for the information after payment 1", () => {
    expect(nextStep(service, input({ payments: paid() }))).toEqual({ kind: "send-information" });
  });

  it("points to the checklist while the site is being built", () => {
    expect(nextStep(service, input({ payments: paid(), informationSent: sent, steps: withSteps(5) }))).toEqual({
      kind: "in-progress",
      done: 5,
      total: 8,
    });
  });

  it("asks for the second payment once the site reaches 'Review & Client Approval'", () => {
    expect(nextStep(service, input({ payments: paid(), informationSent: sent, steps: withSteps(6) }))).toEqual({
      kind: "second-payment",
      paymentNumber: 2,
      retry: false,
    });
  });

  it("asks for the second payment again after it was rejected", () => {
    const state = input({
      payments: paid([pay(service, 2, "rejected", 3)]),
      informationSent: sent,
      steps: withSteps(7),
    });
    expect(nextStep(service, state)).toEqual({ kind: "second-payment", paymentNumber: 2, retry: true });
  });

  it("asks for the second payment again after it was refunded in full", () => {
    const state = input({
      payments: paid([pay(service, 2, "refunded", 3)]),
      informationSent: sent,
      steps: withSteps(8),
    });
    expect(nextStep(service, state)).toEqual({ kind: "second-payment", paymentNumber: 2, retry: false });
  });

  it("says the second payment is being reviewed while pending, even before the review step", () => {
    expect(
      nextStep(
        service,
        input({ payments: paid([pay(service, 2, "pending", 3)]), informationSent: sent, steps: withSteps(7) }),
      ),
    ).toEqual({
      kind: "reviewing",
      paymentNumber: 2,
    });
    expect(
      nextStep(
        service,
        input({ payments: paid([pay(service, 2, "pending", 3)]), informationSent: sent, steps: withSteps(2) }),
      ).kind,
    ).toBe("reviewing");
  });

  it("keeps asking for the second payment when every step is done but it is not paid", () => {
    expect(nextStep(service, input({ payments: paid(), informationSent: sent, steps: withSteps(8) })).kind).toBe(
      "second-payment",
    );
  });

  it("goes on with the checklist when the second payment was made early", () => {
    const state = input({
      payments: paid([pay(service, 2, "completed", 3)]),
      informationSent: sent,
      steps: withSteps(3),
    });
    expect(nextStep(service, state)).toEqual({ kind: "in-progress", done: 3, total: 8 });
  });

  it("asks for the approval of a waiting round first, then for the second payment its approval leads to", () => {
    const round = { version: 2, title: "Home page draft" };
    const waiting = input({
      payments: paid(),
      informationSent: sent,
      steps: withSteps(6),
      waitingRounds: { google_business: null, website: round },
    });
    expect(nextStep(service, waiting)).toEqual({ kind: "approval", version: 2, title: "Home page draft" });
    // Only the customer can move it on, so it comes before what else is open: while building, before the
    // information is in, while a second payment is under review.
    expect(
      nextStep(service, { ...waiting, steps: { google_business: null, website: withSteps(3).website } }).kind,
    ).toBe("approval");
    expect(
      nextStep(service, input({ payments: paid(), waitingRounds: { google_business: null, website: round } })).kind,
    ).toBe("approval");
    expect(nextStep(service, { ...waiting, payments: paid([pay(service, 2, "pending", 3)]) }).kind).toBe("approval");
    // But not before the first payment is completed.
    expect(nextStep(service, { ...waiting, payments: [pay(service, 1, "pending", 1)] }).kind).toBe("reviewing");
    // Approved: 'Review & Client Approval' is ticked and the round no longer waits.
    const approved = input({ payments: paid(), informationSent: sent, steps: withSteps(7) });
    expect(nextStep(service, approved)).toEqual({ kind: "second-payment", paymentNumber: 2, retry: false });
    // Also when the agency had the information another way: the form was never sent.
    expect(nextStep(service, { ...approved, informationSent: { google_business: false, website: false } }).kind).toBe(
      "second-payment",
    );
    expect(nextStep(service, input({ payments: paid(), steps: withSteps(2) })).kind).toBe("send-information");
  });

  it("is finished when both payments are completed and every step is done", () => {
    const state = input({
      payments: paid([pay(service, 2, "completed", 3)]),
      informationSent: sent,
      steps: withSteps(8),
    });
    expect(nextStep(service, state)).toEqual({ kind: "finished" });
  });
});

describe("websiteInReview", () => {
  it("needs every step before the review step, or the review step or a later one ticked", () => {
    expect(websiteInReview(null)).toBe(false);
    expect(websiteInReview(stepsDone(WEBSITE_STEPS, 5))).toBe(false);
    expect(websiteInReview(stepsDone(WEBSITE_STEPS, 6))).toBe(true);
    expect(websiteInReview({ ...stepsDone(WEBSITE_STEPS, 2), reviewApproval: true })).toBe(true);
    expect(websiteInReview({ ...stepsDone(WEBSITE_STEPS, 0), websiteLaunch: true })).toBe(true);
  });
});

describe("nextSteps", () => {
  it("gives each service its own step", () => {
    const steps = nextSteps(input({ payments: [pay("google_business", 1, "pending")] }));
    expect(steps.google_business.kind).toBe("reviewing");
    expect(steps.website.kind).toBe("pay");
  });
});
