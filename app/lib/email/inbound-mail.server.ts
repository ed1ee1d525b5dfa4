import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { logger as processLogger, type Logger } from "../logger.server";

/** A file of an inbound mail, as sent. */
export interface InboundAttachment {
  filename: string | undefined;
  contentType: string;
  content: Buffer;
  /** Shown inside the HTML body (a `cid:` image, typically a signature's logo) rather than attached. */
  related: boolean;
}

/** An accepted mail, parsed. */
export interface InboundMail {
  /** The one recipient the listener accepted (a mail names one address it takes; see maxRecipients below). */
  recipient: string;
  /** The envelope sender (MAIL FROM), lower-case; null for the empty sender of bounces and auto-replies. */
  envelopeFrom: string | null;
  /** The addresses of the From header, lower-case. */
  from: string[];
  /** The plain text body (the HTML turned into text when there is no plain part). */
  text: string;
  attachments: InboundAttachment[];
  /** Sent by a program (an out-of-office answer, a list), by its headers: nobody wrote it. */
  automatic: boolean;
  /** The Message-ID, normalised (messageIdKey), or null when the mail has none. */
  messageId: string | null;
  /** The values of the Authentication-Results headers, as written, topmost (the last one added) first. */
  authenticationResults: string[];
  /** The connecting client, for the logs. */
  remoteAddress: string;
}

/**
 * Thrown by `receive` to refuse a mail with a reason the sending server reports to the person: 550 (permanent,
 * not retried) or 451 (try again later).
 */
export class InboundRefusal extends Error {
  constructor(
    message: string,
    readonly responseCode: 550 | 451 = 550,
  ) {
    super(message);
  }
}

export interface InboundMailOptions {
  port: number;
  host: string;
  /** Whether mail for this address is taken; any other recipient is refused at RCPT TO. */
  accepts(recipient: string): boolean | Promise<boolean>;
  /** Handles an accepted mail; a throw other than an InboundRefusal answers 451, so the sender retries. */
  receive(mail: InboundMail): Promise<void>;
  /** The largest message, in bytes as sent (attachments base64-encoded). */
  maxBytes: number;
  /** Connections at once (20 by default); each holds up to one message in memory while it is parsed and stored. */
  maxClients?: number;
  /** Connections at once from one client address (3 by default): one client cannot take every place. */
  maxClientsPerAddress?: number;
  /** How long a client may stay silent while the listener waits for it (15 s by default). */
  idleTimeoutMs?: number;
  log?: Logger;
}

export interface InboundMailServer {
  /** The port it listens on (the one the system chose when asked for 0). */
  port: number;
  close(): Promise<void>;
}

/** How long a stop waits for a client in the middle of a message before cutting it (its server retries later). */
const CLOSE_TIMEOUT_MS = 5_000;

// A mail server delivering a reply talks without pauses, and the one in front delivers a few at a time; a client
// that connects and waits is holding a place, so the places are few per address and an idle one is soon taken back.
const MAX_CLIENTS = 20;
const MAX_CLIENTS_PER_ADDRESS = 3;
const IDLE_TIMEOUT_MS = 15_000;

/** The longest Message-ID kept as it is; a longer one is kept as its digest (RFC 5322 lines stop at 998). */
const MESSAGE_ID_MAX = 250;

// RFC 3834 and the older conventions of vacation programs and mailing lists.
const AUTOMATIC_PRECEDENCE = /^(bulk|junk|list|auto_reply)$/i;

/**
 * An SMTP listener for replies to the app's e-mails. It takes mail only for the addresses `accepts` approves and
 * hands each parsed mail to `receive`. No AUTH (it is a mail exchanger, not a relay) and no STARTTLS: the only
 * certificate it could offer is smtp-server's built-in one, whose key is public; transport security, SPF, DKIM and
 * DMARC belong to the mail server placed in front of it, whose Authentication-Results header each mail carries to
 * `receive` (README: Replies by e-mail).
 */
export async function startInboundMail(options: InboundMailOptions): Promise<InboundMailServer> {
  const log = options.log ?? processLogger;
  const refuse = (session: SMTPServerSession, reason: string, detail: Record<string, unknown>) =>
    log.warn(
      {
        remoteAddress: session.remoteAddress,
        envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
        ...detail,
      },
      `Inbound mail refused: ${reason}`,
    );
  const perAddress = options.maxClientsPerAddress ?? MAX_CLIENTS_PER_ADDRESS;
  // The connections each client address holds, and the sessions counted in them (a refused one never is).
  const connected = new Map<string, number>();
  const counted = new Set<string>();

  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    size: options.maxBytes,
    rejectOversized: true,
    // A second reply address gets 452, which tells the sending server to deliver it in a transaction of its own:
    // a mail is then one person's reply to one conversation, answered as a whole.
    maxRecipients: 1,
    maxClients: options.maxClients ?? MAX_CLIENTS,
    socketTimeout: options.idleTimeoutMs ?? IDLE_TIMEOUT_MS,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onConnect(session, callback) {
      const count = connected.get(session.remoteAddress) ?? 0;
      if (count >= perAddress) {
        refuse(session, "too many connections from one address", { connections: count });
        return callback(smtpError("Too many connections from your address, try again later", 421));
      }
      connected.set(session.remoteAddress, count + 1);
      counted.add(session.id);
      callback();
    },
    onClose(session) {
      if (!counted.delete(session.id)) return;
      const count = (connected.get(session.remoteAddress) ?? 1) - 1;
      if (count > 0) connected.set(session.remoteAddress, count);
      else connected.delete(session.remoteAddress);
    },
    onRcptTo(address, session, callback) {
      Promise.resolve()
        .then(() => options.accepts(address.address))
        .catch((error: unknown) => {
          log.error({ err: error }, "Inbound mail: checking a recipient failed");
          return null;
        })
        .then((accepted) => {
          if (accepted) return callback();
          // The check failed (the database is away): the sending server retries instead of bouncing the reply.
          if (accepted === null) return callback(smtpError("Temporary failure, please try again later", 451));
          refuse(session, "unknown recipient", { recipient: address.address });
          callback(smtpError("No such recipient here", 550));
        });
    },
    onData(stream, session, callback) {
      readMessage(stream)
        .then(async (raw) => {
          // Over the limit: smtp-server answers 552 itself (rejectOversized), whatever is answered here.
          if (stream.sizeExceeded || !raw) return callback();
          const mail = toInboundMail(await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true }), session);
          await options.receive(mail);
          callback();
        })
        .catch((error: unknown) => {
          if (error instanceof InboundRefusal) {
            refuse(session, error.message, {
              recipient: session.envelope.rcptTo[0]?.address,
              responseCode: error.responseCode,
            });
            return callback(smtpError(error.message, error.responseCode));
          }
          log.error({ err: error, remoteAddress: session.remoteAddress }, "Inbound mail failed");
          callback(smtpError("Temporary failure, please try again later", 451));
        });
    },
  });
  server.on("error", (error) => log.error({ err: error }, "Inbound mail listener error"));

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info(`Receiving replies by e-mail on ${options.host}:${port}`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message's bytes; null once it went over the limit (the rest is read and thrown away). */
function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.once("end", () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
    stream.once("error", reject);
  });
}

function toInboundMail(parsed: ParsedMail, session: SMTPServerSession): InboundMail {
  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address.trim().toLowerCase() : "";
  const header = (name: string) => {
    const value: unknown = parsed.headers.get(name);
    // mailparser gives a structured header as { value, params }.
    const text = value && typeof value === "object" && "value" in value ? (value as { value: unknown }).value : value;
    return typeof text === "string" ? text.trim() : "";
  };
  const autoSubmitted = header("auto-submitted");
  return {
    recipient: session.envelope.rcptTo[0]?.address ?? "",
    envelopeFrom: envelopeFrom || null,
    from: (parsed.from?.value ?? []).flatMap((entry) => (entry.address ? [entry.address.trim().toLowerCase()] : [])),
    text: parsed.text ?? "",
    attachments: parsed.attachments.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.content,
      related: attachment.related === true,
    })),
    automatic:
      (autoSubmitted !== "" && !/^no\b/i.test(autoSubmitted)) ||
      AUTOMATIC_PRECEDENCE.test(header("precedence")) ||
      header("x-autoreply") !== "" ||
      header("x-autorespond") !== "",
    messageId: messageIdKey(parsed.messageId),
    // The raw lines, in the mail's order: parsed.headers keeps one of each, and the order is what tells which
    // server wrote last.
    authenticationResults: parsed.headerLines
      .filter((line) => line.key === "authentication-results")
      .map((line) => line.line.slice(line.line.indexOf(":") + 1).trim()),
    remoteAddress: session.remoteAddress,
  };
}

/**
 * A Message-ID as a key for "this mail was taken already": without its angle brackets, trimmed, lower-case (mail
 * servers on the way are not known to change its case, but a replay should not get in by doing so), and a digest
 * in place of one longer than a database key should be. Null for a missing or empty one.
 */
export function messageIdKey(value: string | undefined): string | null {
  const key = (value ?? "")
    .trim()
    .replace(/^<(.*)>$/s, "$1")
    .trim()
    .toLowerCase();
  if (!key) return null;
  return key.length <= MESSAGE_ID_MAX ? key : `sha256:${createHash("sha256").update(key).digest("hex")}`;
}

/** The SMTP reply text: one printable ASCII line, as the protocol allows (accents dropped, not the letters). */
function smtpError(message: string, responseCode: number): Error & { responseCode: number } {
  const line =
    message
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^\x20-\x7e]+/g, " ")
      .replace(/\s+/g, " ")
      .trim() || "Refused";
  return Object.assign(new Error(line), { responseCode });
}
