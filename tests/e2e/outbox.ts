import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The e2e server has no SMTP_URL: its messages are .eml files in its data folder's outbox. */
const OUTBOX = path.resolve(".tmp/e2e-data/outbox");

function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The Subject header with its RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const header = (/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "")
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/\?=\s+=\?/g, "?==?");
  return header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** The messages sent to one address so far, oldest first: subject decoded, the whole message (headers included) as `body`. */
export function mailsTo(email: string): { subject: string; body: string }[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .sort()
    .map((file) => readFileSync(path.join(OUTBOX, file), "utf8"))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) => ({ subject: subjectOf(raw), body: decodeQuotedPrintable(raw) }));
}
