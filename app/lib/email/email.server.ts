import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import nodemailer from "nodemailer";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { emailMessages } from "~db/schema";
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from "../config/private-files.server";
import type { Db, Executor } from "../db/db.server";
import { escapeHtml } from "../html";
import { outboxFileName } from "./outbox.server";

/** One message as the writers give it: plain text, and simple HTML made from it when not given. */
export interface EmailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The page the message is about, as a path ('/dashboard/progress'): sent as an absolute link from SITE_URL. */
  link?: string;
  /** Where the reader's reply goes instead of the sender (a conversation's reply address). */
  replyTo?: string;
  /**
   * The last message to an account being erased: once sent (or given up on), the sender blanks its address and
   * body (the subject stays, for the log), and the outbox folder does not keep a copy.
   */
  forgetAfterSend?: boolean;
  /**
   * The body holds a secret meant for its reader alone (an invitation link, a password-reset link): once sent (or given
   * up on), the sender blanks the body, link and gathered items; the address and subject stay, for the log. The
   * outbox copy, in development without SMTP, is the delivery itself and stays.
   */
  forgetBodyAfterSend?: boolean;
  /**
   * Where the reader stops this kind of message in one click (a path, made absolute from SITE_URL): sent as the
   * List-Unsubscribe header with List-Unsubscribe-Post (RFC 8058), so a mail program offers its own button.
   */
  unsubscribeLink?: string;
}

/** Company name and support address for the header and footer (from the stored general settings). */
export interface EmailBranding {
  companyName: string;
  supportEmail: string;
  /** The site's origin (SITE_URL): a message's link is made absolute with it. */
  siteUrl?: string;
}

const linkify = (html: string) => html.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The simple HTML of a plain-text body: paragraphs, line breaks, links. */
function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linkify(escapeHtml(paragraph)).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
}

/** A message's page as an absolute URL (an absolute link stays as it is). */
function absoluteLink(link: string, siteUrl: string | undefined): string {
  return /^https?:\/\//.test(link) || !siteUrl
    ? link
    : `${siteUrl.replace(/\/$/, "")}${link.startsWith("/") ? "" : "/"}${link}`;
}

/**
 * The message as sent: the company's name as a header line, the body, the link to the page it is about (absolute,
 * from SITE_URL) and the company's footer (name and support e-mail from the settings at send time).
 */
export function composeEmail(
  body: { text: string; html?: string; link?: string | null },
  branding: EmailBranding,
): { text: string; html: string } {
  const footer = `${branding.companyName}${branding.supportEmail ? ` · ${branding.supportEmail}` : ""}`;
  const header = branding.companyName;
  const link = body.link ? absoluteLink(body.link, branding.siteUrl) : null;
  const text = `${header ? `${header}\n\n` : ""}${body.text}${link ? `\n\n${link}` : ""}\n\n--\n${footer}\n`;
  const html = [
    `<!doctype html><html><body style="font-family:sans-serif">`,
    header ? `<p style="font-size:18px;font-weight:bold">${escapeHtml(header)}</p>` : "",
    body.html ?? textToHtml(body.text),
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : "",
    `<hr><p style="color:#666">${escapeHtml(footer)}</p></body></html>`,
  ].join("\n");
  return { text, html };
}

/**
 * The one writer of the queue: records a message in the caller's transaction, so it exists exactly when
 * the change that causes it commits. The sender adds the footer and sends it after commit.
 */
export async function queueEmail(executor: Executor, input: EmailInput): Promise<void> {
  await executor.insert(emailMessages).values(messageColumns(input));
}

function messageColumns(input: EmailInput) {
  return {
    to: input.to,
    subject: input.subject,
    text: input.text,
    html: input.html ?? textToHtml(input.text),
    link: input.link ?? null,
    replyTo: input.replyTo ?? null,
    forgetAfterSend: input.forgetAfterSend ?? false,
    forgetBodyAfterSend: input.forgetBodyAfterSend ?? false,
    unsubscribeLink: input.unsubscribeLink ?? null,
  };
}

/**
 * One message that gathers the events of a while instead of one message each (a customer's progress steps): the
 * first event queues it due `delayMs` later, the next ones, while it still waits, change its list of items and its
 * words (`render`), in the caller's transaction. Works with several instances on one database: the waiting
 * message is locked while it changes, at most one waits per key (a unique index), and once the sender has taken
 * it (no longer queued) the next event starts a new one. An event that leaves the list empty removes the message.
 */
export async function gatherEmail<Item>(
  executor: Executor,
  options: {
    key: string;
    delayMs: number;
    change: (items: Item[]) => Item[];
    render: (items: Item[]) => EmailInput;
  },
): Promise<void> {
  const waiting = () =>
    executor
      .select({ id: emailMessages.id, gathered: emailMessages.gathered })
      .from(emailMessages)
      .where(and(eq(emailMessages.gatherKey, options.key), eq(emailMessages.status, "queued")))
      .for("update");
  let [row] = await waiting();
  if (!row) {
    const items = options.change([]);
    if (items.length === 0) return;
    const inserted = await executor
      .insert(emailMessages)
      .values({
        ...messageColumns(options.render(items)),
        gatherKey: options.key,
        gathered: items,
        nextAttemptAt: sql`now() + make_interval(secs => ${options.delayMs / 1000})`,
      })
      .onConflictDoNothing({ target: emailMessages.gatherKey, where: sql`status = 'queued'` })
      .returning({ id: emailMessages.id });
    if (inserted.length > 0) return;
    // Another transaction queued it first: change theirs.
    [row] = await waiting();
    if (!row) return;
  }
  const items = options.change((row.gathered ?? []) as Item[]);
  if (items.length === 0) {
    await executor.delete(emailMessages).where(eq(emailMessages.id, row.id));
    return;
  }
  await executor
    .update(emailMessages)
    .set({ ...messageColumns(options.render(items)), gathered: items })
    .where(eq(emailMessages.id, row.id));
}

interface OutgoingMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string | null;
  /** A message to an erased account (EmailInput.forgetAfterSend): nothing of it is kept once it is sent. */
  forgetAfterSend?: boolean;
  /** The absolute one-click unsubscribe URL (EmailInput.unsubscribeLink). */
  unsubscribeUrl?: string | null;
}

export type Mailer = (message: OutgoingMessage) => Promise<void>;

/**
 * A message as nodemailer sends it. Every message the product sends is automatic (RFC 3834): out-of-office replies
 * are not sent back to a reply address.
 */
function mailOptions(from: string, message: OutgoingMessage) {
  const { to, subject, text, html } = message;
  return {
    from,
    to,
    replyTo: message.replyTo ?? undefined,
    subject,
    text,
    html,
    headers: {
      "Auto-Submitted": "auto-generated",
      ...(message.unsubscribeUrl
        ? { "List-Unsubscribe": `<${message.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {}),
    },
  };
}

/** SMTP through nodemailer when `smtpUrl` is set; otherwise `.eml` files in `outboxDir`, subjects logged. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log?: (line: string) => void;
}): Mailer {
  const log = options.log ?? console.log;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return async (message) => {
      await transport.sendMail({ ...mailOptions(options.from, message), messageId: `<${message.id}@agency.mail>` });
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (message) => {
    const info = await stream.sendMail(mailOptions(options.from, message));
    // The last message to an erased account: the address and the body are not kept anywhere, the outbox included.
    if (message.forgetAfterSend) {
      log(`E-mail to an erased account not kept in the outbox: ${message.subject}`);
      return;
    }
    // A message can hold a password-reset link: the outbox is the app user's alone.
    await mkdir(options.outboxDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const file = path.join(options.outboxDir, outboxFileName(message.id, new Date()));
    await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    log(`E-mail to ${message.to} written to ${file}: ${message.subject}`);
  };
}

const MAX_ATTEMPTS = 8;

/**
 * What every message forgets once it went (or never will): where a reply goes was needed only to send it (a reply
 * address is a capability of its reader's).
 */
const SENT = { replyTo: null, unsubscribeLink: null };
/** What is left of a message whose body held a secret (forgetBodyAfterSend): its address, subject, status and times. */
const BODY_FORGOTTEN = { ...SENT, text: "", html: "", link: null, gathered: null };
/** What is left of a message to an erased account once it went (or never will): its subject, status and times. */
const FORGOTTEN = { ...BODY_FORGOTTEN, to: "" };

/** What a message keeps once it went, or was given up on. */
function afterSending(message: { forgetAfterSend: boolean; forgetBodyAfterSend: boolean }) {
  return message.forgetAfterSend ? FORGOTTEN : message.forgetBodyAfterSend ? BODY_FORGOTTEN : SENT;
}

/** Back-off after the n-th failed attempt: 30 s, 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number, baseMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Sends due messages. Each message is claimed (status `sending`, attempts + 1) in its own short transaction
 * with FOR UPDATE SKIP LOCKED, so several instances never take the same row; then sent; then marked `sent`.
 * A send that fails puts it back to `queued` with a later `next_attempt_at`. Guarantee: at most once —
 * a process that dies between claiming and marking leaves the row in `sending`, and such a row is never sent
 * again (after `staleMs` it is marked `interrupted`), because the server may already have accepted it.
 */
export class EmailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly options: {
      intervalMs?: number;
      retryBaseMs?: number;
      staleMs?: number;
      log?: (line: string) => void;
      /** The footer's company name and support e-mail (the stored settings). */
      branding?: () => Promise<EmailBranding>;
    } = {},
  ) {}

  start(): void {
    this.stopped = false;
    // A pass that fails (the database unreachable for a moment) is logged and the next one tries again: an unhandled
    // rejection here would end the process.
    const pass = () =>
      this.sendDue().catch((error: unknown) =>
        (this.options.log ?? console.error)(
          `E-mail queue pass failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void pass().finally(tick);
      }, this.options.intervalMs ?? 2_000);
      this.timer.unref();
    };
    void pass().finally(tick);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass: every due message, one at a time. Returns how many were sent. */
  sendDue(): Promise<void> {
    this.running ??= this.pass().finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    const log = this.options.log ?? console.error;
    const staleBefore = new Date(Date.now() - (this.options.staleMs ?? 10 * 60_000));
    const stale = and(eq(emailMessages.status, "sending"), lte(emailMessages.nextAttemptAt, staleBefore));
    const interrupted = {
      status: "interrupted" as const,
      lastError: "stopped while sending; not resent (it may have been delivered)",
    };
    // Never sent again: what only sending needed is forgotten, whether or not it went out.
    await this.db
      .update(emailMessages)
      .set({ ...interrupted, ...FORGOTTEN })
      .where(and(stale, eq(emailMessages.forgetAfterSend, true)));
    await this.db
      .update(emailMessages)
      .set({ ...interrupted, ...BODY_FORGOTTEN })
      .where(and(stale, eq(emailMessages.forgetBodyAfterSend, true)));
    await this.db
      .update(emailMessages)
      .set({ ...interrupted, ...SENT })
      .where(stale);
    while (!this.stopped) {
      const claimed = await this.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(emailMessages)
          .where(and(eq(emailMessages.status, "queued"), lte(emailMessages.nextAttemptAt, sql`now()`)))
          .orderBy(asc(emailMessages.nextAttemptAt))
          .limit(1)
          .for("update", { skipLocked: true });
        if (!row) return undefined;
        await tx
          .update(emailMessages)
          .set({ status: "sending", attempts: row.attempts + 1, nextAttemptAt: sql`now()` })
          .where(eq(emailMessages.id, row.id));
        return { ...row, attempts: row.attempts + 1 };
      });
      if (!claimed) return;
      try {
        const branding = (await this.options.branding?.()) ?? { companyName: "", supportEmail: "" };
        await this.mailer({
          ...claimed,
          ...composeEmail({ text: claimed.text, html: claimed.html, link: claimed.link }, branding),
          unsubscribeUrl: claimed.unsubscribeLink ? absoluteLink(claimed.unsubscribeLink, branding.siteUrl) : null,
        });
        await this.db
          .update(emailMessages)
          .set({ status: "sent", sentAt: new Date(), lastError: null, ...afterSending(claimed) })
          .where(eq(emailMessages.id, claimed.id));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = claimed.attempts >= MAX_ATTEMPTS;
        await this.db
          .update(emailMessages)
          .set({
            status: last ? "failed" : "queued",
            lastError: message.slice(0, 500),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(claimed.attempts, this.options.retryBaseMs)),
            // Given up on: what only sending needed is not kept for a message that will never go.
            ...(last ? afterSending(claimed) : {}),
          })
          .where(eq(emailMessages.id, claimed.id));
        log(
          `E-mail to ${claimed.forgetAfterSend ? "an erased account" : claimed.to} not sent (attempt ${claimed.attempts}): ${message}`,
        );
        // The server is likely down: the others wait for the next pass.
        return;
      }
    }
  }
}

/** The sender address: SMTP_FROM, or no-reply at the site's host. */
export function mailFrom(env: { SMTP_FROM?: string; SITE_URL: string }): string {
  return env.SMTP_FROM ?? `no-reply@${new URL(env.SITE_URL).hostname}`;
}

/** The header's and footer's company name and support e-mail, from the stored general settings; links from SITE_URL. */
export async function emailBranding(
  settings: { get(): Promise<{ general: EmailBranding }> },
  siteUrl?: string,
): Promise<EmailBranding> {
  const { companyName, supportEmail } = (await settings.get()).general;
  return { companyName, supportEmail, siteUrl };
}

/** The reset e-mail, in the account's language: the link to /reset-password with the single-use token. */
export function passwordResetEmail(
  i18n: I18n,
  siteUrl: string,
  user: { email: string; name: string },
  token: string,
): EmailInput {
  const link = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const name = user.name;
  return {
    to: user.email,
    subject: i18n._(msg`Reset your password`),
    text: [
      i18n._(msg`Hello ${name},`),
      i18n._(
        msg`Someone asked to reset the password of your account. To choose a new password, open this link (it works once, for one hour):`,
      ),
      link,
      i18n._(msg`If you did not ask for this, ignore this e-mail: your password stays the same.`),
    ].join("\n\n"),
    // The link resets the password: the log of sent e-mails keeps no copy of it.
    forgetBodyAfterSend: true,
  };
}
