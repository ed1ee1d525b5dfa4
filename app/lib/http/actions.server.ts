import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { logger } from "../logger.server";
import { AppError } from "./app-error";
import { actionFailure, jsonFailure } from "./error-answer.server";
import type { ActionSuccess, FormReply } from "./forms";
import { parseForm } from "./forms.server";
import { requestContext, type RequestContext } from "./request-context.server";

/** What a route's loader or action is given, as far as answering goes. */
interface RouteArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/** What the steps of a form are given: the request's context, the request itself, and the form as posted (files too). */
interface ActionContext extends RequestContext {
  request: Request;
  form: FormData;
}

/** The parsed value of a form: its schema's output, or nothing for a form without fields of its own. */
type Value<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/**
 * One form, as data: who may post it, how its fields are read, the use case it runs and how a success is answered.
 * Everything else (reading the body, the answer to a form that does not parse, to a refusal and to an unexpected
 * failure) is the skeleton's, the same for every form.
 */
export interface FormSpec<Schema extends z.ZodType | undefined, Result, Answer> {
  /** Checked before any field is read (`requireActor(user)`...): a refusal thrown here is answered like any other. */
  guard?(ctx: RequestContext & { request: Request }): unknown;
  /** The form's schema, the one the browser validates with; a function when it depends on the request (what is saved). */
  schema?: Schema | ((ctx: ActionContext) => Schema | Promise<Schema>);
  /** A form that does not parse answers its first message, or this form's own wording of it. */
  invalid?(parsed: { error: string; reply: FormReply }, ctx: ActionContext): string;
  /** The work: the use case, called with the parsed value (the use case checks the actor again). */
  run(ctx: ActionContext, value: Value<Schema>): Result | Promise<Result>;
  /** The answer to a success: the toast's words, a redirect... Without it, `{ ok: true }`. */
  success?(ctx: ActionContext, result: Result, value: Value<Schema>): Answer | Promise<Answer>;
}

/** Any form, as a table of a page's forms holds them. */
type AnyFormSpec = FormSpec<z.ZodType | undefined, unknown, unknown>;

/** What a form answers when it succeeds. */
type SuccessOf<Spec> = Spec extends FormSpec<z.ZodType | undefined, unknown, infer Answer> ? Answer : never;

/** The answer to anything but a success: `{ ok: false, error }` with the refusal's status. */
type Failure = ReturnType<typeof actionFailure>;

/**
 * One form of a page, typed from its schema: `form({ schema, run, success })`. A table of a page's forms is made of
 * these, so that each `run` knows its own fields.
 */
export function form<Schema extends z.ZodType | undefined = undefined, Result = void, Answer = ActionSuccess>(
  spec: FormSpec<Schema, Result, Answer>,
): FormSpec<Schema, Result, Answer> {
  return spec;
}

/**
 * The action of a page (or resource route) with one form: the body read, the spec's guard, the fields parsed, the use
 * case run and its success answered. A form that does not parse answers its first message (400), a refusal its
 * code's message and status, anything else 500 'Something went wrong' after one log line; all in the request's
 * language. `headers` go with every refusal and failure (a success sets its own).
 */
export function formAction<Schema extends z.ZodType | undefined = undefined, Result = void, Answer = ActionSuccess>(
  args: RouteArgs,
  spec: FormSpec<Schema, Result, Answer>,
  options: { headers?: HeadersInit } = {},
): Promise<Answer | Failure> {
  const ctx = requestContext(args.context);
  return answered(
    ctx,
    async () => {
      await spec.guard?.({ ...ctx, request: args.request });
      return runForm({ ...ctx, request: args.request, form: await readForm(args.request) }, spec);
    },
    pageRefusal(ctx, options.headers),
  );
}

/** A page's forms by intent: exactly the page's `intents`, each one's spec. */
type IntentTable<Names extends readonly string[]> = { readonly [Name in Names[number]]: AnyFormSpec };

/**
 * The action of a page with several forms: each form posts its `intent`, and the page's table names each one's spec,
 * answered as `formAction` answers one. An intent the table does not have is refused (400) rather than handed to a
 * default branch, so a stray or forged post never reaches another form's work. The page exports its `intents` (the
 * table must have exactly those), so the authorization matrix tries each one as every role.
 */
export function intentAction<
  const Names extends readonly string[],
  // Exactly the page's intents: a spec for an intent not in the list is a type error too.
  Table extends IntentTable<Names> & Record<Exclude<keyof Table, Names[number]>, never>,
>(args: RouteArgs, _intents: Names, table: Table): Promise<SuccessOf<Table[keyof Table]> | Failure> {
  const ctx = requestContext(args.context);
  return answered(
    ctx,
    async () => {
      const posted = await readForm(args.request);
      const intent = posted.get("intent");
      if (typeof intent !== "string" || !Object.hasOwn(table, intent)) throw new AppError("unknown_intent");
      const spec = (table as Readonly<Record<string, AnyFormSpec>>)[intent]!;
      await spec.guard?.({ ...ctx, request: args.request });
      return (await runForm({ ...ctx, request: args.request, form: posted }, spec)) as SuccessOf<Table[keyof Table]>;
    },
    pageRefusal(ctx),
  );
}

/**
 * An endpoint that answers JSON (a resource route's action or loader): the guard, the fields when it has a schema (a
 * form that does not parse is `invalid_input` with its first message), then `run`'s own Response. Refusals and
 * failures are `{ ok: false, error: { code, message } }`, answered as `formAction` answers them; `i18n` when the
 * endpoint answers in a language of its own (the card provider reads English), `headers` with every failure.
 */
export function jsonEndpoint<Schema extends z.ZodType | undefined = undefined>(
  args: RouteArgs,
  spec: {
    guard?(ctx: RequestContext & { request: Request }): unknown;
    schema?: Schema;
    run(ctx: RequestContext & { request: Request }, value: Value<Schema>): Promise<Response> | Response;
  },
  options: { headers?: HeadersInit; i18n?: RequestContext["i18n"] } = {},
): Promise<Response> {
  const base = requestContext(args.context);
  const ctx = { ...base, i18n: options.i18n ?? base.i18n, request: args.request };
  return answered(
    ctx,
    async () => {
      await spec.guard?.(ctx);
      if (!spec.schema) return spec.run(ctx, undefined as Value<Schema>);
      const parsed = await parseForm(args.request, spec.schema);
      if (!parsed.ok) throw new AppError("invalid_input", { detail: parsed.error });
      return spec.run(ctx, parsed.value as Value<Schema>);
    },
    jsonRefusal(ctx, options.headers),
  );
}

/** The steps of one form after its body was read: schema, parse, run, success. */
async function runForm<Result, Answer>(
  ctx: ActionContext,
  spec: FormSpec<z.ZodType | undefined, Result, Answer>,
): Promise<Answer> {
  const schema = typeof spec.schema === "function" ? await spec.schema(ctx) : spec.schema;
  let value: unknown;
  if (schema) {
    const parsed = await parseForm(ctx.form, schema);
    if (!parsed.ok) throw new AppError("invalid_input", { detail: spec.invalid?.(parsed, ctx) ?? parsed.error });
    value = parsed.value;
  }
  const result = await spec.run(ctx, value);
  if (!spec.success) return { ok: true } as Answer;
  return spec.success(ctx, result, value);
}

async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new AppError("invalid_request");
  }
}

/**
 * The one place a failed form or endpoint is answered. A refusal (AppError) answers its code's message and status; a
 * Response thrown on purpose (a redirect) goes on to the framework; anything else is a bug or an outage: logged once,
 * with the request's id, and answered as the unexpected-error code (500), in the request's language like the rest.
 */
async function answered<T, F>(ctx: RequestContext, work: () => Promise<T>, refuse: (refusal: AppError) => F) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof AppError) return refuse(error);
    logger.error({ err: error, requestId: ctx.requestId }, "Request failed");
    return refuse(new AppError("internal"));
  }
}

/** A page's refusal: `{ ok: false, error }`, with `headers` when the route sends some with every answer. */
function pageRefusal(ctx: RequestContext, headers?: HeadersInit) {
  return (refusal: AppError): Failure => {
    const failure = actionFailure(refusal, ctx.i18n);
    return headers ? data(failure.data, { status: failure.init?.status, headers }) : failure;
  };
}

/** An endpoint's refusal: `{ ok: false, error: { code, message } }`. */
function jsonRefusal(ctx: RequestContext, headers?: HeadersInit) {
  return (refusal: AppError): Response => {
    const { status, body } = jsonFailure(refusal, ctx.i18n);
    return Response.json(body, { status, headers });
  };
}
