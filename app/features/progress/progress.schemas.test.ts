import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/http/forms.server";
import { INVALID_STEP, progressToggleFormSchema, progressToggleSchema } from "./progress.schemas";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the progress toggle form", () => {
  it("reads a ticked box as done and an unticked one (no field) as not done", async () => {
    expect(
      await parseForm(
        form({ intent: "progress", service: "website", step: "designLayout", done: "on" }),
        progressToggleFormSchema,
      ),
    ).toEqual({
      ok: true,
      value: { intent: "progress", service: "website", step: "designLayout", done: true, withEarlier: false },
    });
    expect(
      await parseForm(
        form({ intent: "progress", service: "google_business", step: "seoLocalSetup" }),
        progressToggleFormSchema,
      ),
    ).toMatchObject({
      ok: true,
      value: { done: false },
    });
  });

  it("refuses a step of the other service, an unknown service or another intent", async () => {
    expect(
      await parseForm(
        form({ intent: "progress", service: "google_business", step: "websiteLaunch", done: "on" }),
        progressToggleFormSchema,
      ),
    ).toMatchObject({
      ok: false,
      error: INVALID_STEP,
    });
    expect(
      await parseForm(form({ intent: "progress", service: "seo", step: "websiteLaunch" }), progressToggleFormSchema),
    ).toMatchObject({ ok: false });
    expect(
      await parseForm(form({ intent: "decide", service: "website", step: "websiteLaunch" }), progressToggleFormSchema),
    ).toMatchObject({ ok: false });
  });
});

describe("the toggle use case's input", () => {
  it("needs a customer id, a step of the service and a boolean", () => {
    const valid = {
      userId: "6f1c1d1e-8a53-4d4b-9c1e-1f2a3b4c5d6e",
      service: "website",
      step: "websiteLaunch",
      done: true,
    };
    expect(progressToggleSchema.safeParse(valid).success).toBe(true);
    expect(progressToggleSchema.safeParse({ ...valid, userId: "x" }).success).toBe(false);
    expect(progressToggleSchema.safeParse({ ...valid, step: "profileCreation" }).success).toBe(false);
    expect(progressToggleSchema.safeParse({ ...valid, done: "on" }).success).toBe(false);
  });
});
