import { redirect, RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { SessionUser } from "../auth/session";
import { i18nFor } from "../i18n/instances.server";
import type { Locale } from "../i18n/locales";
import { logger } from "../logger.server";
import type { Services } from "../services.server";
import { AppError, ERROR_CODES } from "./app-error";
import { form, formAction, intentAction, jsonEndpoint } from "./actions.server";
import { provideRequestContext } from "./request-context.server";

// The skeleton every form goes through, without a database: the services are never touched by these specs.
const SERVICES = {} as Services;
const CUSTOMER = { id: "customer-1", name: "Ana", isAdmin: false } as SessionUser;
const REQUEST_ID = "request-7";

const nameSchema = z.object({ name: z.string("Write a name").min(1, "Write a name") });

function args(
  fields: Record<string, string> | null,
  { locale = "en" as Locale, user = CUSTOMER as SessionUser | null } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields ?? {})) body.set(name, value);
  const request = new Request("http://localhost/page", {
    method: "POST",
    ...(fields ? { body } : { body: "not a form", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
  });
  const context = new RouterContextProvider();
  provideRequestContext(context, { services: SERVICES, user, locale, i18n: i18nFor(locale), requestId: REQUEST_ID });
  return { request, context };
}

/** What a page action answered: its status and body, whether it set a status or not. */
function answer(result: unknown): { status: number; body: unknown } {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, body: data };
  }
  return { status: 200, body: result };
}

const text = (locale: Locale, code: keyof typeof ERROR_CODES) => i18nFor(locale)._(ERROR_CODES[code].message);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("formAction (one form)", () => {
  it("runs the use case with the parsed value and the request's context, and answers the success's words", async () => {
    const run = vi.fn(async (ctx: { user: SessionUser | null; form: FormData }, value: { name: string }) => ({
      by: ctx.user?.id,
      name: value.name,
      posted: ctx.form.get("name"),
    }));
    const result = await formAction(args({ name: "Lee" }, { locale: "es" }), {
      schema: nameSchema,
      run,
      success: ({ i18n }, saved) => ({ ok: true as const, title: `${i18n.locale}: ${saved.name} by ${saved.by}` }),
    });
    expect(run).toHaveBeenCalledOnce();
    expect(answer(result)).toEqual({ status: 200, body: { ok: true, title: "es: Lee by customer-1" } });
  });

  it("answers `{ ok: true }` when the form has no words of its own for a success", async () => {
    expect(answer(await formAction(args({}), { run: () => undefined }))).toEqual({ status: 200, body: { ok: true } });
  });

  it("answers a form that does not parse with its first message (400), and never runs the use case", async () => {
    const run = vi.fn();
    expect(answer(await formAction(args({ name: "" }), { schema: nameSchema, run }))).toEqual({
      status: 400,
      body: { ok: false, error: "Write a name" },
    });
    const worded = await formAction(args({ name: "" }), {
      schema: nameSchema,
      invalid: ({ error }) => `The card: ${error}`,
      run,
    });
    expect(answer(worded)).toEqual({ status: 400, body: { ok: false, error: "The card: Write a name" } });
    expect(answer(await formAction(args(null), { schema: nameSchema, run }))).toEqual({
      status: 400,
      body: { ok: false, error: text("en", "invalid_request") },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("answers a refusal with its code's status and message in the person's language, its field beside it", async () => {
    const refused = await formAction(args({ name: "Lee" }, { locale: "es" }), {
      schema: nameSchema,
      run: () => {
        throw new AppError("current_password_wrong", { field: "currentPassword" });
      },
    });
    expect(answer(refused)).toEqual({
      status: 400,
      body: { ok: false, error: text("es", "current_password_wrong"), field: "currentPassword" },
    });
    expect(text("es", "current_password_wrong")).not.toBe(text("en", "current_password_wrong"));
  });

  it("refuses in the guard before any field is read", async () => {
    const run = vi.fn();
    const refused = await formAction(args({ name: "" }, { user: null }), {
      guard: ({ user }) => {
        if (!user) throw new AppError("not_signed_in");
      },
      schema: nameSchema,
      run,
    });
    expect(answer(refused)).toEqual({ status: 401, body: { ok: false, error: text("en", "not_signed_in") } });
    expect(run).not.toHaveBeenCalled();
  });

  it("answers an unexpected failure as the unexpected-error code (500) in the person's language, logged once with the request's id", async () => {
    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const bug = new Error("the database went away");
    const failed = await formAction(args({ name: "Lee" }, { locale: "es" }), {
      schema: nameSchema,
      run: () => Promise.reject(bug),
    });
    expect(answer(failed)).toEqual({ status: 500, body: { ok: false, error: text("es", "internal") } });
    expect(text("es", "internal")).toBe("Algo salió mal");
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ err: bug, requestId: REQUEST_ID });
  });

  it("sends the route's headers with a refusal, and lets a thrown redirect through to the framework", async () => {
    const refused = await formAction(
      args({}),
      {
        run: () => {
          throw new AppError("not_found");
        },
      },
      { headers: { "Cache-Control": "no-store" } },
    );
    expect((refused as { init: ResponseInit }).init.headers).toEqual({ "Cache-Control": "no-store" });
    expect(answer(refused).status).toBe(404);

    const away = redirect("/elsewhere");
    await expect(
      formAction(args({}), {
        run: () => {
          throw away;
        },
      }),
    ).rejects.toBe(away);
  });
});

describe("intentAction (several forms)", () => {
  const intents = ["rename", "remove"] as const;
  const table = {
    rename: form({ schema: nameSchema, run: (_, { name }) => name, success: (_, name) => ({ ok: true, title: name }) }),
    remove: form({ run: () => undefined }),
  };

  it("runs the spec the intent names", async () => {
    expect(answer(await intentAction(args({ intent: "rename", name: "Lee" }), intents, table))).toEqual({
      status: 200,
      body: { ok: true, title: "Lee" },
    });
    expect(answer(await intentAction(args({ intent: "remove" }), intents, table))).toEqual({
      status: 200,
      body: { ok: true },
    });
  });

  it("refuses an intent the table does not have, or none, with 400 before any spec runs", async () => {
    const unknown = { status: 400, body: { ok: false, error: text("es", "unknown_intent") } };
    expect(answer(await intentAction(args({ intent: "toString" }, { locale: "es" }), intents, table))).toEqual(unknown);
    expect(answer(await intentAction(args({ name: "Lee" }, { locale: "es" }), intents, table))).toEqual(unknown);
    expect(answer(await intentAction(args(null), intents, table))).toEqual({
      status: 400,
      body: { ok: false, error: text("en", "invalid_request") },
    });
  });
});

describe("jsonEndpoint (the JSON shape)", () => {
  const read = async (response: Response) => ({ status: response.status, body: await response.json() });

  it("answers the endpoint's own Response on success", async () => {
    const response = await jsonEndpoint(args({ name: "Lee" }), {
      schema: nameSchema,
      run: (_, { name }) => Response.json({ ok: true, name }),
    });
    expect(await read(response)).toEqual({ status: 200, body: { ok: true, name: "Lee" } });
  });

  it("answers a parse failure, a refusal and an unexpected failure as `{ ok: false, error: { code, message } }`", async () => {
    expect(
      await read(await jsonEndpoint(args({ name: "" }), { schema: nameSchema, run: () => new Response() })),
    ).toEqual({ status: 400, body: { ok: false, error: { code: "invalid_input", message: "Write a name" } } });

    const refused = await jsonEndpoint(
      args({}, { locale: "es" }),
      {
        run: () => {
          throw new AppError("receipt_not_found");
        },
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await read(refused)).toEqual({
      status: 404,
      body: { ok: false, error: { code: "receipt_not_found", message: text("es", "receipt_not_found") } },
    });

    const logged = vi.spyOn(logger, "error").mockImplementation(() => {});
    const failed = await jsonEndpoint(
      args({}, { locale: "es" }),
      { run: () => Promise.reject(new Error("a bug")) },
      { i18n: i18nFor("en") },
    );
    expect(await read(failed)).toEqual({
      status: 500,
      body: { ok: false, error: { code: "internal", message: text("en", "internal") } },
    });
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]?.[0]).toMatchObject({ requestId: REQUEST_ID });
  });
});
