import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import * as schema from "~db/schema";
import type { Db } from "../db/db.server";
import { revokeReplyAddresses } from "../email/reply-address.server";
import { localeFromCookie, negotiateLocale } from "../i18n/locales";
import { isTeamAccount, teamStanding } from "./roles.server";
import { and, eq, ne, sql } from "drizzle-orm";
import {
  limitsFor,
  longestSessionMs,
  sessionDeadline,
  sessionExpired,
  type LockoutPolicy,
  type SessionPolicy,
} from "./session-policy";
import { countAttempt } from "./attempt-counter.server";
import { claimTotpStep } from "./totp-replay.server";
import { recordAuditEvent } from "./audit.server";
import { AppError } from "../http/app-error";
import { ACCOUNT_DEACTIVATED, ACCOUNT_LOCKED } from "./auth-codes";
import {
  clearSignInFailures,
  clearSlowDown,
  deviceCookieName,
  deviceCookieOptions,
  deviceDistrusted,
  deviceNonce,
  lockMinutes,
  newDeviceToken,
  pendingSignInDelayMs,
  recordDeviceFailure,
  recordSignInFailure,
  recordSlowDown,
  signInLockedUntil,
} from "./sign-in-lockout.server";

export interface AuthSettings {
  secret: string;
  baseURL: string;
  rateLimit: { enabled: boolean; window: number; max: number };
  /** The policies at start-up: the session cookie's lifetime is made from them once. */
  sessions: SessionPolicy;
  lockout: LockoutPolicy;
  /**
   * The policies in force now (the admin settings' Session Duration and Max Login Attempts, read at each
   * request from a cache); defaults to the start-up ones.
   */
  policies?: () => Promise<{ sessions: SessionPolicy; lockout: LockoutPolicy }>;
  /** Whether admins must have two-factor now (the Security setting Two-Factor); off by default. */
  twoFactorRequired?: () => Promise<boolean>;
  /** Whether Maintenance Mode is on now: customers may then neither sign in nor sign up. */
  maintenance?: () => Promise<boolean>;
}

/** The issuer shown in authenticator apps for the enrolment QR code. */
const TWO_FACTOR_ISSUER = "Agency Portal";

const TWO_FACTOR_TEAM_ONLY = "Two-factor authentication is for team accounts";
/** What signing in to a deactivated team account answers, once its password (and code) proved who is asking. */
const ACCOUNT_DEACTIVATED_MESSAGE = "This account has been deactivated.";

/** What sign-in and sign-up answer while Maintenance Mode is on (customers only). */
const MAINTENANCE_CODE = "MAINTENANCE_MODE";
const MAINTENANCE_MESSAGE = "The platform is under maintenance. Please try again later.";
const TOTP_CODE_USED = "TOTP_CODE_ALREADY_USED";
const TWO_FACTOR_CODE_REQUIRED = "TWO_FACTOR_CODE_REQUIRED";
const TWO_FACTOR_CODE_REQUIRED_MESSAGE = "Enter a current authentication code or a backup code to turn two-factor off.";
const TOTP_CODE_USED_MESSAGE = "This code was already used. Wait for the next one.";

/**
 * Whose two-factor code this request carries: the signed-in account (confirming enrolment), else the account
 * whose password step set the two-factor cookie (signing in), as Better Auth's own check finds it.
 */
async function twoFactorUserId(ctx: Parameters<typeof getSessionFromCtx>[0]): Promise<string | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(identifier))?.value ?? null;
}

/** The session-ending endpoints and what each ends. */
const SESSION_REVOCATIONS: ReadonlyMap<string, string> = new Map([
  ["/revoke-session", "one"],
  ["/revoke-sessions", "all"],
  ["/revoke-other-sessions", "others"],
]);

/** The account with this e-mail, if there is one (a failed sign-in's record). */
async function accountIdOf(db: Db, email: string): Promise<string | null> {
  const [found] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(sql`lower(${schema.user.email})`, email.trim().toLowerCase()));
  return found?.id ?? null;
}

/** The client's address as the server trusts it (Express sets CLIENT_IP_HEADER), for the audit record. */
function clientIp(ctx: { headers?: Headers; request?: Request }): string | null {
  return (ctx.headers ?? ctx.request?.headers)?.get(CLIENT_IP_HEADER) ?? null;
}

/** The endpoints whose answer carries the session token next to the user: sign-up, sign-in, the session, a TOTP sign-in. */
const TOKEN_ANSWERS: ReadonlySet<string> = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/get-session",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/** The answer without any `token` (top level, or the session's). */
function withoutSessionToken(answer: object): object {
  const { token: _token, ...rest } = answer as Record<string, unknown>;
  const session = rest.session;
  if (session && typeof session === "object") {
    const { token: _sessionToken, ...kept } = session as Record<string, unknown>;
    rest.session = kept;
  }
  return rest;
}

/** Better Auth endpoints the product does not use: answered 404 (see the authorization matrix). */
export const UNUSED_AUTH_PATHS = [
  "/delete-user",
  "/delete-user/callback",
  "/change-email",
  "/verify-email",
  "/send-verification-email",
  "/sign-in/social",
  "/link-social",
  "/unlink-account",
  "/list-accounts",
  "/account-info",
  "/get-access-token",
  "/refresh-token",
  "/update-session",
  // The account's own fields: the product changes a name through its profile page (profiles) and never uses
  // Better Auth's `image`, which would otherwise take any path a client gives, another customer's file included.
  "/update-user",
  "/verify-password",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
] as const;

/** The account endpoints a signed-in customer changes their account through (the password). */
const ACCOUNT_CHANGES: ReadonlySet<string> = new Set(["/change-password"]);

/**
 * What the sign-up form sends. Anything else in a sign-up body (Better Auth's `image`, `callbackURL`...) is dropped
 * before the endpoint reads it: the form is the only way in, and the account's image is no client's to set.
 */
const SIGN_UP_FIELDS: ReadonlySet<string> = new Set(["name", "email", "password", "phone", "companyName", "leadToken"]);

/**
 * Checks a sign-up request's body; returns the first problem's message, or null when it is fine.
 * The sign-up form's schema lives in features/auth, above lib, so the composition root passes it in.
 */
type SignUpValidator = (body: unknown) => string | null;

export interface AuthOptions {
  validateSignUp: SignUpValidator;
  /** The clock for the sign-in lockout; tests move it. */
  now?: () => Date;
  /**
   * Runs after a customer signed up through the sign-up endpoint (e.g. the admins' notification), with what the form
   * carried besides the account (the token of the lead invitation it was opened from); failures are logged.
   */
  onSignedUp?: (userId: string, signUp: SignUpExtras) => Promise<void>;
  /** Runs when failed sign-ins locked a team account (the admins' alert); failures are logged. */
  onAdminLocked?: (userId: string) => Promise<void>;
  /**
   * Runs once sessions of an account ended through Better Auth (a sign-out, a revocation, a password change or reset,
   * two-factor turned on or off), so that its open live streams check their own session at once; failures are logged.
   */
  onSessionsEnded?: (userId: string) => Promise<void>;
  /**
   * The one rule set for a new password (features/auth): checked at sign-up, reset and change, whichever way the
   * endpoint is reached. Without it only sign-up's own checks apply.
   */
  validateNewPassword?: (password: string) => Promise<{ code: string; message: string } | null>;
  /** Password reset: see PasswordResetOptions. Without it, the reset endpoints answer that reset is not enabled. */
  passwordReset?: PasswordResetOptions;
  /**
   * Whether an address is held for somebody else now (an open team invitation, whose link alone proves who owns the
   * address): sign-up refuses it exactly as an address that has an account. It may tell whoever holds it.
   */
  addressReserved?: (email: string) => Promise<boolean>;
}

/** What a sign-up request may carry besides the account's fields, for what follows the sign-up. */
export interface SignUpExtras {
  /** The signed token of the lead invitation the form was opened from (unchecked: the follow-up reads it). */
  leadToken?: string;
}

/** Password reset (Better Auth's flow): the e-mail with the link. */
interface PasswordResetOptions {
  /** Queues the e-mail holding `${SITE_URL}/reset-password?token=...` (single use, valid RESET_TOKEN_SECONDS). */
  send: (user: { id: string; email: string; name: string }, token: string) => Promise<void>;
}

/** The new password a request sets, for the endpoints that set one. */
const NEW_PASSWORD_FIELDS: ReadonlyMap<string, "password" | "newPassword"> = new Map([
  ["/sign-up/email", "password"],
  ["/reset-password", "newPassword"],
  ["/change-password", "newPassword"],
]);

const RESET_TOKEN_SECONDS = 60 * 60;
/** Reset e-mails per account per hour (beyond it, the request answers the same and sends nothing). */
const RESET_EMAILS_PER_ACCOUNT = { windowMs: 60 * 60_000, max: 3 };

/** The header the Express layer fills with the client address it trusts (see server/app.ts). */
export const CLIENT_IP_HEADER = "x-client-ip";

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.trim() ? email : null;
};

/** Better Auth's own answer to a sign-up with an address that has an account (the sign-up form words it). */
const addressTaken = () =>
  new APIError("UNPROCESSABLE_ENTITY", {
    code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL",
    message: "User already exists. Use another email.",
  });

/**
 * A locked account's refusal: its length travels as data (`values.minutes`) for the form to word in the reader's
 * language; the message is the English, for other clients and logs.
 */
function lockedRefusal(lockout: LockoutPolicy): APIError {
  const values = { minutes: lockMinutes(lockout) };
  return new APIError("LOCKED", {
    code: ACCOUNT_LOCKED,
    message: new AppError("account_locked", { values }).message,
    values,
  });
}

const isWrongCredentials = (returned: unknown): boolean =>
  returned instanceof APIError &&
  (returned.body as { code?: string } | undefined)?.code === "INVALID_EMAIL_OR_PASSWORD";

export function createAuth(
  db: Db,
  settings: AuthSettings,
  {
    validateSignUp,
    now = () => new Date(),
    onSignedUp,
    onAdminLocked,
    onSessionsEnded,
    validateNewPassword,
    passwordReset,
    addressReserved,
  }: AuthOptions,
) {
  const policies = settings.policies ?? (async () => ({ sessions: settings.sessions, lockout: settings.lockout }));
  const maintenance = settings.maintenance ?? (async () => false);
  const maintenanceError = () =>
    new APIError("SERVICE_UNAVAILABLE", { code: MAINTENANCE_CODE, message: MAINTENANCE_MESSAGE });
  // Requests confirming a two-factor enrolment, and whose account a two-factor step or reset is for, from the
  // before hook to the after hook.
  const enrolling = new WeakSet<Request>();
  const accountOf = new WeakMap<Request, string>();
  // Sign-ins from a browser this account trusts (its device cookie), from the before hook to the after hook.
  const trustedDevice = new WeakMap<Request, string>();
  const secureCookies = settings.baseURL.startsWith("https:");
  /** Gives the browser (a fresh) device cookie for the account it just signed in to. */
  const trustThisDevice = (
    ctx: Pick<Parameters<typeof getSessionFromCtx>[0], "request" | "setCookie">,
    email: string,
  ) => {
    if (ctx.request)
      ctx.setCookie(
        deviceCookieName(settings.secret, email),
        newDeviceToken(settings.secret, email),
        deviceCookieOptions(secureCookies),
      );
  };
  /** An account-security event on the record: who, the outcome, and from where; a customer's is filed under them. */
  const accountEvent = async (
    ctx: { headers?: Headers; request?: Request },
    action:
      | "account.sign-in"
      | "account.lockout"
      | "account.password-change"
      | "account.password-reset"
      | "session.revoke",
    userId: string | null,
    detail: Record<string, unknown>,
  ) => {
    const customerId = userId && !(await isTeamAccount(db, userId)) ? userId : null;
    // The address typed is kept only when no account has it: an account's own e-mail is already its name.
    const { email, ...rest } = detail;
    await recordAuditEvent(db, {
      actorId: userId,
      action,
      customerId,
      detail: { ...rest, ...(userId ? {} : { email }), ip: clientIp(ctx) },
    });
  };
  const auth = betterAuth({
    secret: settings.secret,
    baseURL: settings.baseURL,
    // Said explicitly: Better Auth turns its origin check off by itself when NODE_ENV is test, and the
    // tests must exercise the check that runs in production.
    trustedOrigins: [settings.baseURL],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    // Only the endpoints the product uses answer; the rest of Better Auth's (account deletion, e-mail change,
    // social sign-in, one-time codes by e-mail...) are 404, so nobody reaches a flow the product never checked.
    disabledPaths: [...UNUSED_AUTH_PATHS],
    // Admin two-factor (TOTP and backup codes): once enrolled, every sign-in of the account asks for a code;
    // the admin guard (route-guards.server.ts) sends an un-enrolled admin to enrolment when the Security setting is on.
    plugins: [twoFactor({ issuer: TWO_FACTOR_ISSUER })],
    // The saved language (docs/decisions/026) comes with the session; it is set by the language switcher
    // (app/routes/resources/language.ts), never by a sign-up or profile body.
    user: { additionalFields: { language: { type: "string", required: false, input: false } } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 12,
      maxPasswordLength: 128,
      autoSignIn: true,
      // A changed password ends the account's sessions; password reset (a later issue) included.
      revokeSessionsOnPasswordReset: true,
      // Password reset: one e-mail per request, at most RESET_EMAILS_PER_ACCOUNT per account.
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      sendResetPassword: passwordReset
        ? async ({ user, token }) => {
            const counted = await countAttempt(db, `password-reset:${user.id}`, RESET_EMAILS_PER_ACCOUNT, now());
            if (counted.allowed) await passwordReset.send(user, token);
          }
        : undefined,
    },
    session: {
      // The cookie lives as long as the longest session may; the server decides each session's end
      // (role-based idle and absolute limits, kept in expiresAt and checked in loadSessionUser).
      expiresIn: Math.ceil(longestSessionMs(settings.sessions) / 1000),
      // Better Auth's refresh would push every session to the same sliding expiry; loadSessionUser
      // slides it per role instead.
      disableSessionRefresh: true,
    },
    rateLimit: {
      enabled: settings.rateLimit.enabled,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: settings.rateLimit.window, max: settings.rateLimit.max },
        "/sign-up/email": { window: settings.rateLimit.window, max: settings.rateLimit.max },
        "/request-password-reset": { window: settings.rateLimit.window, max: settings.rateLimit.max },
        "/reset-password": { window: settings.rateLimit.window, max: settings.rateLimit.max },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: "uuid" },
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The session limits (idle and absolute, by role) hold here as on the pages: a session past them ends before
        // any auth endpoint reached over HTTP acts on it, which then answers as for a visitor. (The server's own calls
        // come from loadSessionUser, which enforces them itself.)
        if (ctx.request && ctx.path !== "/sign-out" && ctx.headers?.get("cookie")?.includes("session_token=")) {
          const current = await getSessionFromCtx(ctx);
          if (current) {
            const limits = limitsFor((await policies()).sessions, await isTeamAccount(db, current.user.id));
            const times = {
              createdAt: new Date(current.session.createdAt),
              lastUsedAt: new Date(current.session.updatedAt),
            };
            if (sessionExpired(limits, times, now())) {
              await db.delete(schema.session).where(eq(schema.session.id, current.session.id));
              ctx.context.session = null;
            }
          }
        }
        if (ctx.path === "/sign-up/email") {
          // The browser checks the sign-up form too, but the server never trusts it.
          const problem = validateSignUp(ctx.body);
          if (problem) throw new APIError("BAD_REQUEST", { message: problem });
          if (await maintenance()) throw maintenanceError();
          // Taken out of the body the endpoint reads (the same object): a hook's returned body is merged over the
          // request's, so it could add fields but never remove one.
          const body = ctx.body as Record<string, unknown>;
          for (const field of Object.keys(body)) if (!SIGN_UP_FIELDS.has(field)) delete body[field];
          const email = emailOf(ctx.body);
          if (email && addressReserved && (await addressReserved(email))) {
            // As long as hashing the password for a real duplicate, so the answer's time tells no more than its words.
            await ctx.context.password.hash(String((ctx.body as { password?: unknown }).password ?? ""));
            throw addressTaken();
          }
        }
        if (ctx.path === "/sign-in/email") {
          // A locked account is refused even with the right password, from any address.
          const email = emailOf(ctx.body);
          const { lockout } = await policies();
          if (email) {
            // Each failure from this address at this account makes its next attempt wait longer.
            const wait = await pendingSignInDelayMs(db, lockout, email, clientIp(ctx) ?? "unknown", now());
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
            // A browser that signed in to this account before passes a lock meant for everyone else.
            let device = deviceNonce(settings.secret, email, ctx.headers?.get("cookie"));
            if (device && (await deviceDistrusted(db, lockout, device, now()))) device = null;
            if (device && ctx.request) trustedDevice.set(ctx.request, device);
            if (!device && (await signInLockedUntil(db, lockout, email, now()))) {
              await accountEvent(ctx, "account.sign-in", await accountIdOf(db, email), { outcome: "locked", email });
              throw lockedRefusal(lockout);
            }
          }
          // Maintenance Mode keeps customers out; the team still signs in.
          if (email && (await maintenance()) && !(await isTeamEmail(db, email))) throw maintenanceError();
        }
        if (ACCOUNT_CHANGES.has(ctx.path) && (await maintenance())) {
          // Maintenance Mode: a customer still signed in changes nothing through the account endpoints either.
          const current = await getSessionFromCtx(ctx);
          if (current && !(await isTeamAccount(db, current.user.id))) throw maintenanceError();
        }
        if (ctx.path === "/two-factor/verify-totp") {
          // A TOTP code signs in once: the same code again (a replay within its 30 seconds or the next) is refused.
          const userId = await twoFactorUserId(ctx);
          if (userId && ctx.request) accountOf.set(ctx.request, userId);
          const code = typeof ctx.body?.code === "string" ? ctx.body.code : "";
          if (userId && (await claimTotpStep(db, userId, settings.secret, code, now().getTime())) === "spent") {
            throw new APIError("UNAUTHORIZED", { code: TOTP_CODE_USED, message: TOTP_CODE_USED_MESSAGE });
          }
          // Confirming enrolment (a signed-in admin without two-factor yet): noted for the after hook.
          const current = await getSessionFromCtx(ctx);
          if (current && current.user.twoFactorEnabled !== true && ctx.request) enrolling.add(ctx.request);
        }
        if (ctx.path === "/two-factor/verify-backup-code" && ctx.request) {
          const userId = await twoFactorUserId(ctx);
          if (userId) accountOf.set(ctx.request, userId);
        }
        if (ctx.path === "/sign-out" && ctx.request) {
          // Whose session this ends, for the after hook (the row is gone by then).
          const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
          const [ending] = token
            ? await db
                .select({ userId: schema.session.userId })
                .from(schema.session)
                .where(eq(schema.session.token, token))
            : [];
          if (ending) accountOf.set(ctx.request, ending.userId);
        }
        if (ctx.path === "/reset-password" && ctx.request) {
          // Whose password the token resets, for the record once it has (the token is spent by then).
          const token = (ctx.body as { token?: unknown } | null)?.token;
          const found =
            typeof token === "string"
              ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
              : null;
          if (found) accountOf.set(ctx.request, found.value);
        }
        if (ctx.path === "/two-factor/disable") {
          // Turning two-factor off takes a current code or a backup code, not only the password.
          const current = await getSessionFromCtx(ctx);
          const { code, backupCode } = (ctx.body ?? {}) as { code?: unknown; backupCode?: unknown };
          if (current && typeof backupCode === "string" && backupCode) {
            await auth.api.verifyBackupCode({
              body: { code: backupCode, disableSession: true },
              headers: ctx.headers ?? new Headers(),
            });
          } else if (
            !current ||
            typeof code !== "string" ||
            (await claimTotpStep(db, current.user.id, settings.secret, code, now().getTime())) !== "claimed"
          ) {
            throw new APIError("UNAUTHORIZED", {
              code: TWO_FACTOR_CODE_REQUIRED,
              message: TWO_FACTOR_CODE_REQUIRED_MESSAGE,
            });
          }
        }
        if (ctx.path === "/two-factor/enable") {
          // Two-factor is for the team (the Security setting): a customer's account cannot turn it on.
          const current = await getSessionFromCtx(ctx);
          if (!current) throw new APIError("UNAUTHORIZED", { message: "You must be logged in" });
          if (!(await isTeamAccount(db, current.user.id)))
            throw new APIError("FORBIDDEN", { message: TWO_FACTOR_TEAM_ONLY });
        }
        const passwordField = NEW_PASSWORD_FIELDS.get(ctx.path);
        if (passwordField && validateNewPassword) {
          // One rule set for every new password: the five rules, then the list of common ones.
          const password = (ctx.body as Record<string, unknown> | null)?.[passwordField];
          const problem = await validateNewPassword(typeof password === "string" ? password : "");
          if (problem) throw new APIError("BAD_REQUEST", problem);
        }
        if (ctx.path === "/change-password") {
          // A changed password ends every other session of the account, whatever the client asked for.
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email" && ctx.context.newSession && onSignedUp) {
          const leadToken = (ctx.body as { leadToken?: unknown } | null)?.leadToken;
          const extras: SignUpExtras = typeof leadToken === "string" ? { leadToken } : {};
          await onSignedUp(ctx.context.newSession.user.id, extras).catch((error: unknown) =>
            console.error("After sign-up:", error),
          );
        }
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError || (returned instanceof Response && !returned.ok);
        if (ctx.path === "/sign-in/email") {
          const email = emailOf(ctx.body);
          const address = clientIp(ctx) ?? "unknown";
          if (email && ctx.context.newSession) {
            await clearSignInFailures(db, email);
            await clearSlowDown(db, email, address);
            await accountEvent(ctx, "account.sign-in", ctx.context.newSession.user.id, { outcome: "success" });
            trustThisDevice(ctx, email);
          } else if (email && isWrongCredentials(returned)) {
            const { lockout } = await policies();
            await recordSlowDown(db, lockout, email, address, now());
            const userId = await accountIdOf(db, email);
            const device = ctx.request ? trustedDevice.get(ctx.request) : undefined;
            if (device) {
              // A trusted device's failures count against the device, never the account.
              await recordDeviceFailure(db, lockout, device, now());
              await accountEvent(ctx, "account.sign-in", userId, { outcome: "failure", device: "trusted", email });
            } else {
              const locked = await recordSignInFailure(db, lockout, email, now());
              await accountEvent(ctx, "account.sign-in", userId, { outcome: "failure", email });
              if (locked) await accountEvent(ctx, "account.lockout", userId, { email });
              if (locked && userId && onAdminLocked && (await isTeamAccount(db, userId))) {
                await onAdminLocked(userId).catch((error: unknown) =>
                  console.error("After an admin's lockout:", error),
                );
              }
            }
          }
        }
        const turnedOn =
          ctx.path === "/two-factor/verify-totp" && ctx.request !== undefined && enrolling.has(ctx.request);
        if (
          (ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") &&
          !turnedOn &&
          ctx.request
        ) {
          // The second step of a sign-in: its outcome, with the method.
          const method = ctx.path === "/two-factor/verify-totp" ? "code" : "backup code";
          const userId = ctx.context.newSession?.user.id ?? accountOf.get(ctx.request) ?? null;
          if (userId)
            await accountEvent(ctx, "account.sign-in", userId, { outcome: failed ? "failure" : "success", method });
          if (ctx.context.newSession) trustThisDevice(ctx, ctx.context.newSession.user.email);
        }
        // A new password ends the reply addresses e-mailed to the account too: whoever reads its mail may have
        // been the reason for the change, and the next message e-mail brings a new address.
        if (!failed && ctx.path === "/change-password") {
          const userId = ctx.context.session?.user.id ?? ctx.context.newSession?.user.id;
          if (userId) {
            await revokeReplyAddresses(db, userId);
            await accountEvent(ctx, "account.password-change", userId, {});
          }
        }
        if (!failed && ctx.path === "/reset-password" && ctx.request && accountOf.has(ctx.request)) {
          await revokeReplyAddresses(db, accountOf.get(ctx.request)!);
          await accountEvent(ctx, "account.password-reset", accountOf.get(ctx.request)!, {});
        }
        if (!failed && SESSION_REVOCATIONS.has(ctx.path) && ctx.context.session) {
          await accountEvent(ctx, "session.revoke", ctx.context.session.user.id, {
            scope: SESSION_REVOCATIONS.get(ctx.path),
          });
        }
        if ((turnedOn || ctx.path === "/two-factor/disable") && ctx.context.newSession) {
          // Two-factor turned on or off: the account's other sessions end, and the change is on the record.
          const { user: account, session: kept } = ctx.context.newSession;
          await db.transaction(async (tx) => {
            await tx
              .delete(schema.session)
              .where(and(eq(schema.session.userId, account.id), ne(schema.session.id, kept.id)));
            await recordAuditEvent(tx, {
              actorId: account.id,
              action: turnedOn ? "two-factor.enable" : "two-factor.disable",
              detail: { ip: clientIp(ctx) },
            });
          });
        }
        // Sessions ended: whose, so that their open streams check theirs now (every path here ends some, if it worked).
        if (!failed && onSessionsEnded) {
          const ended =
            ctx.path === "/sign-out" || ctx.path === "/reset-password"
              ? ctx.request && accountOf.get(ctx.request)
              : SESSION_REVOCATIONS.has(ctx.path) || ctx.path === "/change-password"
                ? ctx.context.session?.user.id
                : turnedOn || ctx.path === "/two-factor/disable"
                  ? ctx.context.newSession?.user.id
                  : undefined;
          if (ended)
            await onSessionsEnded(ended).catch((error: unknown) => console.error("After sessions ended:", error));
        }
        // The session token lives in its HttpOnly cookie only: an answer a script can read never repeats it.
        if (ctx.request && TOKEN_ANSWERS.has(ctx.path)) {
          const returned = ctx.context.returned;
          if (
            returned &&
            typeof returned === "object" &&
            !(returned instanceof Response) &&
            !(returned instanceof APIError)
          ) {
            return ctx.json(withoutSessionToken(returned));
          }
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account gets its profile row, made from the sign-up form's metadata.
          after: async (user, ctx) => {
            const body = (ctx?.body ?? {}) as { phone?: unknown; companyName?: unknown };
            // The language the visitor signed up in (their cookie or browser) becomes the account's, for its e-mails.
            const headers = ctx?.headers ?? ctx?.request?.headers;
            const language = headers
              ? (localeFromCookie(headers.get("cookie")) ?? negotiateLocale(headers.get("accept-language")))
              : null;
            if (language) await db.update(schema.user).set({ language }).where(eq(schema.user.id, user.id));
            await db
              .insert(schema.profiles)
              .values({
                id: user.id,
                fullName: user.name,
                email: user.email,
                phone: typeof body.phone === "string" ? body.phone : null,
                companyName:
                  typeof body.companyName === "string" && body.companyName.trim() ? body.companyName.trim() : null,
              })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          // A new session ends by its role's limits from the start (the team: 30 minutes idle by default). A deactivated
          // member gets none: this runs only once the password (and any code) was right, so it tells nobody else.
          before: async (session) => {
            const standing = await teamStanding(db, session.userId);
            if (standing?.active === false)
              throw new APIError("FORBIDDEN", { code: ACCOUNT_DEACTIVATED, message: ACCOUNT_DEACTIVATED_MESSAGE });
            const limits = limitsFor((await policies()).sessions, standing !== null);
            const createdAt = session.createdAt ?? new Date();
            return { data: { ...session, expiresAt: sessionDeadline(limits, { createdAt, lastUsedAt: createdAt }) } };
          },
        },
      },
    },
  });
  // The session reader (loadSessionUser) enforces the same limits the sessions were created with.
  return Object.assign(auth, {
    sessionPolicy: async () => (await policies()).sessions,
    twoFactorRequired: settings.twoFactorRequired ?? (async () => false),
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Whether the account with this e-mail is a team member's (sign-in during Maintenance Mode). */
async function isTeamEmail(db: Db, email: string): Promise<boolean> {
  const id = await accountIdOf(db, email);
  return id ? isTeamAccount(db, id) : false;
}
