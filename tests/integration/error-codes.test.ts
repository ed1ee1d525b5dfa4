import type { I18n } from "@lingui/core";
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, ERROR_CODES, type ErrorCode } from "~/lib/http/app-error";
import { actionFailure, jsonFailure } from "~/lib/http/error-answer.server";
import { i18nFor } from "~/lib/i18n/instances.server";
import { action as dashboardAction } from "~/routes/admin/dashboard";
import { action as notesAction } from "~/routes/admin/user-detail/notes";
import { action as checkoutAction } from "~/routes/resources/card-checkout";
import { ENDPOINTS } from "~/lib/http/endpoints";
import { createApp } from "../../server/app";
import { formPost, routeAnswer, routeArgs, routeContext, type SignedIn } from "./support";
import { testApp } from "./test-app";

// Refusals are codes: each answers in the request's language, as a page action's `{ ok: false, error }` and as
// the JSON endpoints' `{ ok: false, error: { code, message } }`, with its row's status.

/** Placeholders of the codes whose message has some. */
const VALUES: Partial<Record<ErrorCode, Record<string, string | number | ((i18n: I18n) => string)>>> = {
  payment_already_paid: { payment: "Google Business Profile Setup" },
  payment_pending_review: { payment: "Google Business Profile Setup" },
  payment_out_of_order: { previous: 1, total: 2, number: 2 },
  account_locked: { minutes: 15 },
};

const en = i18nFor("en");
const es = i18nFor("es");
const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

/** The catalog's text of a code in a language, with its placeholders filled. */
function catalogText(i18n: I18n, code: ErrorCode): string {
  const { id, message } = ERROR_CODES[code].message;
  const values = Object.fromEntries(
    Object.entries(VALUES[code] ?? {}).map(([name, value]) => [
      name,
      typeof value === "function" ? value(i18n) : value,
    ]),
  );
  return i18n._(id, values, { message });
}

describe("every error code", () => {
  it.each(CODES)("%s: a page action's answer and the JSON shape, in English and in Spanish", (code) => {
    const error = () => new AppError(code, { values: VALUES[code] });
    const { status } = ERROR_CODES[code];
    for (const i18n of [en, es]) {
      const text = catalogText(i18n, code);
      expect(text.length).toBeGreaterThan(0);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(routeAnswer(actionFailure(error(), i18n))).toEqual({ status, body: { ok: false, error: text } });
      expect(jsonFailure(error(), i18n)).toEqual({ status, body: { ok: false, error: { code, message: text } } });
    }
    // Spanish is the catalog's translation, not the English source (a code whose Spanish is the same word is rare).
    const spanish = es.messages[ERROR_CODES[code].message.id];
    expect(spanish, `${code} has a Spanish translation`).toBeTruthy();
  });

  it("answers anything but a refusal as 500 'Something went wrong' in the JSON shape, and rethrows it from a page action", () => {
    const bug = new Error("a bug");
    expect(jsonFailure(bug, es)).toEqual({
      status: 500,
      body: { ok: false, error: { code: "internal", message: "Algo salió mal" } },
    });
    expect(() => actionFailure(bug, es)).toThrow(bug);
  });

  it("keeps a validation message already in the request's language, and an upload kind's own wording", () => {
    expect(
      routeAnswer(actionFailure(new AppError("invalid_input", { detail: "Código postal no válido" }), es)),
    ).toEqual({
      status: 400,
      body: { ok: false, error: "Código postal no válido" },
    });
    const tooMany = new AppError("upload_too_many", {
      message: { id: "x", message: "Maximum {n} photos" },
      values: { n: 6 },
    });
    expect(jsonFailure(tooMany, en).body.error).toEqual({ code: "upload_too_many", message: "Maximum 6 photos" });
  });
});

describe("refusals thrown by use cases, answered in the request's language", () => {
  const app = testApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    admin = await app.admin();
    customer = await app.customer();
    server = await new Promise<Server>((resolve) => {
      const listening = createApp(app.services).listen(0, "127.0.0.1", () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  function post(user: SignedIn, path: string, fields: Record<string, string>, cookie?: string) {
    const request = formPost(path, fields, cookie);
    return {
      request,
      context: routeContext(app.services, user.user, request.headers),
      params: { userId: customer.id },
    } as never;
  }

  it("a page action: an admin deleting a note that does not exist (note_not_found, 404)", async () => {
    const fields = { intent: "delete-note", noteId: randomUUID() };
    expect(routeAnswer(await notesAction(post(admin, `/admin/users/${customer.id}/notes`, fields)))).toEqual({
      status: 404,
      body: { ok: false, error: "Note not found" },
    });
    expect(routeAnswer(await notesAction(post(admin, `/admin/users/${customer.id}/notes`, fields, "lang=es")))).toEqual(
      {
        status: 404,
        body: { ok: false, error: "Nota no encontrada" },
      },
    );
  });

  it("a page action: a customer deciding a payment past the layout's guard (forbidden, 403)", async () => {
    const fields = { intent: "decide", paymentId: randomUUID(), decision: "approve", notes: "" };
    expect(routeAnswer(await dashboardAction(post(customer, "/admin/dashboard", fields, "lang=es")))).toEqual({
      status: 403,
      body: { ok: false, error: "No tiene permiso para hacer eso" },
    });
    expect(routeAnswer(await dashboardAction(post(customer, "/admin/dashboard", fields)))).toEqual({
      status: 403,
      body: { ok: false, error: "You don't have permission to do that" },
    });
  });

  it("a JSON endpoint: the card checkout without card payments configured (card_payments_not_configured, 503)", async () => {
    const checkout = async (cookie: string) => {
      const response = await checkoutAction(
        await routeArgs(app.services, ENDPOINTS.cardCheckout, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({ serviceType: "google_business", paymentNumber: 1 }),
        }),
      );
      return [response.status, await response.json()];
    };
    expect(await checkout(customer.cookie)).toEqual([
      503,
      { ok: false, error: { code: "card_payments_not_configured", message: "Card payments are not configured" } },
    ]);
    expect(await checkout(`${customer.cookie}; lang=es`)).toEqual([
      503,
      {
        ok: false,
        error: { code: "card_payments_not_configured", message: "Los pagos con tarjeta no están configurados" },
      },
    ]);
  });

  it("a JSON endpoint in Express over HTTP: a file that does not exist (not_found, 404)", async () => {
    const read = (cookie: string) =>
      fetch(`${base}${ENDPOINTS.files}/avatars/${customer.id}/missing.png`, { headers: { cookie } }).then(
        async (response) => [response.status, await response.json()],
      );
    expect(await read(customer.cookie)).toEqual([
      404,
      { ok: false, error: { code: "not_found", message: "Not found" } },
    ]);
    expect(await read(`${customer.cookie}; lang=es`)).toEqual([
      404,
      { ok: false, error: { code: "not_found", message: "No encontrado" } },
    ]);
  });
});
