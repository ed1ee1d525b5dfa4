import type { ShouldRevalidateFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { shouldRevalidate as headerReloads } from "./layout";
import { tabShouldRevalidate as tabReloads } from "./revalidation";

const PAGE = "http://site.test/admin/users/c-1";

/** What React Router asks a route: after a navigation (no form) or after a form with this intent and answer. */
function args(
  next: string,
  form?: { intent: string; status?: number; answer?: unknown },
  current = `${PAGE}/notes`,
): ShouldRevalidateFunctionArgs {
  const formData = form ? new FormData() : undefined;
  if (form) formData!.set("intent", form.intent);
  const params = (url: string) => ({ userId: new URL(url).pathname.split("/")[3]! });
  return {
    currentUrl: new URL(current),
    currentParams: params(current),
    nextUrl: new URL(next),
    nextParams: params(next),
    formMethod: form ? "POST" : undefined,
    formAction: form ? new URL(next).pathname : undefined,
    formData,
    actionStatus: form ? (form.status ?? 200) : undefined,
    actionResult: form ? (form.answer ?? { ok: true }) : undefined,
    defaultShouldRevalidate: true,
  } as ShouldRevalidateFunctionArgs;
}

describe("what the customer page's header reloads for", () => {
  it("not from tab to tab of one customer; on a live change, another customer or another query", () => {
    expect(headerReloads(args(`${PAGE}/website`))).toBe(false);
    expect(headerReloads(args(PAGE))).toBe(false);
    expect(headerReloads(args(`${PAGE}/notes`))).toBe(true);
    expect(headerReloads(args("http://site.test/admin/users/c-2/notes"))).toBe(true);
    expect(headerReloads(args(`${PAGE}/website?x=1`))).toBe(true);
  });

  it("after its own forms and the tabs' changes that move what it shows, not after the others'", () => {
    for (const intent of [
      "assign-customer",
      "decline-deletion",
      "decide",
      "refund-payment",
      "progress",
      "send-message",
    ])
      expect(headerReloads(args(`${PAGE}/notes`, { intent })), intent).toBe(true);
    for (const intent of [
      "save-note",
      "delete-note",
      "save-credentials",
      "mark-reviewed",
      "mark-messages-read",
      "request-approval",
      "add-delivered-file",
      "remove-delivered-file",
      "send-reminder",
      "pause-reminders",
    ])
      expect(headerReloads(args(`${PAGE}/notes`, { intent })), intent).toBe(false);
  });

  it("not after a refused or unsent change, nor once the customer is deleted", () => {
    expect(headerReloads(args(PAGE, { intent: "decide", status: 409, answer: { ok: false, error: "No" } }))).toBe(
      false,
    );
    expect(headerReloads(args(PAGE, { intent: "progress", status: 503 }))).toBe(false);
    expect(headerReloads(args(PAGE, { intent: "delete-customer" }))).toBe(false);
    expect(headerReloads(args(PAGE, { intent: "approve-deletion" }))).toBe(false);
  });
});

describe("what an open tab reloads for", () => {
  it("its own changes and live changes, not the header's forms, a form seen or a thread read, nor a refusal", () => {
    expect(tabReloads(args(`${PAGE}/notes`))).toBe(true);
    expect(tabReloads(args(`${PAGE}/notes`, { intent: "save-note" }))).toBe(true);
    // The Reminders card's forms reload the Messages tab: what was sent and whether reminders run.
    for (const intent of ["send-reminder", "pause-reminders"])
      expect(tabReloads(args(`${PAGE}/messages`, { intent }, `${PAGE}/messages`)), intent).toBe(true);
    for (const intent of [
      "assign-customer",
      "decline-deletion",
      "delete-customer",
      "approve-deletion",
      "mark-reviewed",
      "mark-messages-read",
    ])
      expect(tabReloads(args(`${PAGE}/notes`, { intent })), intent).toBe(false);
    expect(tabReloads(args(`${PAGE}/notes`, { intent: "save-note", status: 400, answer: { ok: false } }))).toBe(false);
  });
});
