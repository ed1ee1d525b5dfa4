import { AsyncLocalStorage } from "node:async_hooks";
import { format } from "node:util";
import { pino, type DestinationStream, type Level, type Logger } from "pino";

export type { Logger } from "pino";

/** What every log line written while handling one request carries. */
export interface RequestLogContext {
  requestId: string;
}

/**
 * The request being handled, for whatever logs during it (route code, use cases, libraries writing to the
 * console): server/request-logging.ts runs each request inside `requestContext.run`.
 */
export const requestContext = new AsyncLocalStorage<RequestLogContext>();

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/**
 * Fields never written to a log, wherever they appear in a logged object (pino replaces them with "[redacted]"):
 * credentials in headers, session cookies, passwords and secrets in bodies or errors. Request lines are built from
 * chosen fields only (server/request-logging.ts) and carry no headers or bodies at all; this list is the second guard.
 */
const REDACTED_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "token",
  "secret",
];

const redactPaths = REDACTED_FIELDS.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? field : `["${field}"]`;
  const dotted = key.startsWith("[") ? key : `.${key}`;
  return [key, `*${dotted}`, `*.*${dotted}`, `*.*.*${dotted}`];
});

/**
 * One JSON object a line on stdout (or `destination`): time, level, message, and the request id when written
 * while a request is handled.
 */
export function createLogger(options: { level?: Level | "silent"; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? "info",
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths, censor: "[redacted]" },
      serializers: { err: pino.stdSerializers.err },
      mixin: () => {
        const context = requestContext.getStore();
        return context ? { requestId: context.requestId } : {};
      },
    },
    options.destination,
  );
}

/** The process's logger. start() sets its level from LOG_LEVEL. */
export const logger: Logger = createLogger({ level: (process.env.LOG_LEVEL as Level | undefined) ?? "info" });

type ConsoleMethod = "log" | "info" | "warn" | "error" | "debug";
const CONSOLE_LEVELS: Record<ConsoleMethod, Level> = {
  log: "info",
  info: "info",
  warn: "warn",
  error: "error",
  debug: "debug",
};

/**
 * Sends `console.*` through the logger, so code that still writes to the console (route modules, libraries)
 * produces JSON lines with the request id too. An Error among the arguments goes out as `err` (message and stack);
 * the rest is formatted as the console would. Returns a function that puts the console back.
 */
export function routeConsoleToLogger(target: Logger = logger): () => void {
  const originals = new Map<ConsoleMethod, (...args: unknown[]) => void>();
  for (const method of Object.keys(CONSOLE_LEVELS) as ConsoleMethod[]) {
    originals.set(method, console[method]);
    const level = CONSOLE_LEVELS[method];
    console[method] = (...args: unknown[]) => {
      const error = args.find((arg): arg is Error => arg instanceof Error);
      const rest = error ? args.filter((arg) => arg !== error) : args;
      const message = rest.length > 0 ? format(...rest) : (error?.message ?? "");
      if (error) target[level]({ err: error }, message);
      else target[level](message);
    };
  }
  return () => {
    for (const [method, original] of originals) console[method] = original;
  };
}
