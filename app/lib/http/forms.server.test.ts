import { describe, expect, it } from "vitest";
import { signupFormSchema, SIGNUP_INLINE_FIELDS } from "~/features/auth/auth.schemas";
import { sendMessageFormSchema } from "~/features/messages/messages.schemas";
import { notificationActionSchema } from "~/features/notifications/notifications.schemas";
import { decisionFormSchema } from "~/features/payments/review/payment-review";
import { proofFormSchema } from "~/features/payments/payments.schemas";
import { firstError } from "./forms";
import { formFailure, parseForm } from "./forms.server";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("parseForm (the one server form helper)", () => {
  it("gives the typed value of a valid form, numbers coerced and files kept", async () => {
    const proof = new File([PNG], "proof.png", { type: "image/png" });
    const parsed = await parseForm(form({ serviceType: "website", paymentNumber: "2", proof }), proofFormSchema);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.serviceType).toBe("website");
    expect(parsed.value.paymentNumber).toBe(2);
    expect(parsed.value.proof).toBeInstanceOf(Blob);
    expect(parsed.value.proof.size).toBe(PNG.length);
  });

  it("gives the field errors as Conform's reply and the first message, never echoing a file back", async () => {
    const missing = await parseForm(form({ serviceType: "google_business", paymentNumber: "1" }), proofFormSchema);
    expect(missing).toMatchObject({ ok: false, error: "Please select a proof of payment photo" });
    if (missing.ok) return;
    expect(missing.reply.status).toBe("error");
    expect(missing.reply.error).toMatchObject({ proof: ["Please select a proof of payment photo"] });

    const empty = new File([], "", { type: "application/octet-stream" });
    const unknown = await parseForm(form({ serviceType: "seo", paymentNumber: "1", proof: empty }), proofFormSchema);
    expect(unknown).toMatchObject({ ok: false, error: "Unknown service" });

    const tooBig = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.png", { type: "image/png" });
    const big = await parseForm(
      form({ serviceType: "google_business", paymentNumber: "1", proof: tooBig }),
      proofFormSchema,
    );
    expect(big).toMatchObject({ ok: false, error: "The proof of payment photo must be smaller than 10MB" });
    if (big.ok) return;
    expect(JSON.stringify(big.reply.initialValue ?? {})).not.toContain("proof");

    const proof = new File([PNG], "p.png", { type: "image/png" });
    const number = await parseForm(
      form({ serviceType: "google_business", paymentNumber: "2", proof }),
      proofFormSchema,
    );
    expect(number).toMatchObject({ ok: false, error: "Invalid payment number" });
    expect(formFailure({ error: "Invalid payment number" })).toMatchObject({
      data: { ok: false, error: "Invalid payment number" },
      init: { status: 400 },
    });
  });

  it("takes an optional text left empty as '' (a message of files alone), and still holds it to its limit", async () => {
    const form = (body: string) => {
      const data = new FormData();
      data.set("intent", "send-message");
      data.set("body", body);
      return data;
    };
    expect(await parseForm(form(""), sendMessageFormSchema)).toEqual({
      ok: true,
      value: { intent: "send-message", body: "" },
    });
    expect(await parseForm(form(" Hi\r\nthere "), sendMessageFormSchema)).toEqual({
      ok: true,
      value: { intent: "send-message", body: "Hi\nthere" },
    });
    const long = await parseForm(form("x".repeat(5001)), sendMessageFormSchema);
    expect(long.ok ? null : long.error).toBe("A message can be at most 5,000 characters");
  });

  it("reads a Request's url-encoded body, and refuses one it cannot read", async () => {
    const paymentId = crypto.randomUUID();
    const request = new Request("http://localhost/admin/users/x", {
      method: "POST",
      body: new URLSearchParams({ intent: "decide", paymentId, decision: "reject", notes: "" }),
    });
    expect(await parseForm(request, decisionFormSchema)).toEqual({
      ok: true,
      value: { intent: "decide", paymentId, decision: "reject", notes: "" },
    });
    const other = new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ intent: "refund" }) });
    expect((await parseForm(other, decisionFormSchema)).ok).toBe(false);
    const broken = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    expect(await parseForm(broken, decisionFormSchema)).toMatchObject({ ok: false, error: "Invalid request" });
  });

  it("parses the notification actions' discriminated union", async () => {
    const id = crypto.randomUUID();
    expect(await parseForm(form({ intent: "mark-read", id }), notificationActionSchema)).toEqual({
      ok: true,
      value: { intent: "mark-read", id },
    });
    expect(await parseForm(form({ intent: "mark-all-read" }), notificationActionSchema)).toEqual({
      ok: true,
      value: { intent: "mark-all-read" },
    });
    expect((await parseForm(form({ intent: "mark-read", id: "nope" }), notificationActionSchema)).ok).toBe(false);
    expect((await parseForm(form({ intent: "delete-everything" }), notificationActionSchema)).ok).toBe(false);
  });
});

describe("firstError", () => {
  it("is the first field's first message, in the schema's order, optionally past the inline-only fields", async () => {
    const parsed = await parseForm(
      form({ fullName: " ", email: "", phone: "(555) 123-4567", password: "short", confirmPassword: "other" }),
      signupFormSchema,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toBe("Please enter your full name");
    const errors = parsed.reply.error;
    expect(firstError(errors, (name) => !(SIGNUP_INLINE_FIELDS as readonly string[]).includes(name))).toBe(
      "Password must be at least 12 characters",
    );
    expect(firstError(undefined)).toBeUndefined();
    expect(firstError({ a: null, b: [], c: ["third"] })).toBe("third");
  });

  it("reports an empty sign-up password by the length rule, then the confirmation", async () => {
    const base = { fullName: "Ann Lee", email: "ann@example.com", phone: "(555) 123-4567" };
    expect(await parseForm(form({ ...base, password: "", confirmPassword: "" }), signupFormSchema)).toMatchObject({
      ok: false,
      error: "Password must be at least 12 characters",
    });
    expect(
      await parseForm(
        form({ ...base, password: "Str0ng-Password!", confirmPassword: "Str0ng-Password?" }),
        signupFormSchema,
      ),
    ).toMatchObject({ ok: false, error: "Passwords do not match" });
    expect(
      (
        await parseForm(
          form({ ...base, password: "Str0ng-Password!", confirmPassword: "Str0ng-Password!" }),
          signupFormSchema,
        )
      ).ok,
    ).toBe(true);
  });
});
