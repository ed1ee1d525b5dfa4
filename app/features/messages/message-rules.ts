import type { MessageView } from "./message-views";

/** The longest file name a thread shows; longer ones keep their start and extension. */
const NAME_MAX = 100;

/**
 * The name a sent file is shown and downloaded under: its last path segment, without control characters or
 * characters a file system refuses, at most 100 characters (the extension kept), "attachment" when nothing is left.
 */
export function attachmentName(name: string | undefined | null, fallbackExt = ""): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^\.+/, "");
  if (!clean) return fallbackExt ? `attachment.${fallbackExt}` : "attachment";
  if (clean.length <= NAME_MAX) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : "";
  return `${clean.slice(0, NAME_MAX - ext.length)}${ext}`;
}

// Making a number format costs far more than using one (a tenth of a millisecond on the server): one per language and precision.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })));
  return format;
}

/** A file size as people read it: 512 B, 14 KB, 2.4 MB. */
export function formatFileSize(bytes: number, locale = "en-US"): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${numberFormat(locale, 0).format(kb)} KB`;
  return `${numberFormat(locale, 1).format(kb / 1024)} MB`;
}

/**
 * The message under which the viewer reads 'Seen': their side's last message, once the other side has read the
 * thread at or after it was sent. Null when the other side has not read it (or the viewer's side wrote nothing).
 */
export function seenMessageId(
  messages: readonly MessageView[],
  viewerIsAgency: boolean,
  otherReadAt: string | null,
): string | null {
  if (!otherReadAt) return null;
  const own = messages.findLast((message) => message.fromAgency === viewerIsAgency);
  if (!own) return null;
  return new Date(otherReadAt).getTime() >= new Date(own.createdAt).getTime() ? own.id : null;
}

/** The start of a message for a notification: one line, at most 140 characters. */
export function messagePreview(body: string): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length <= 140 ? line : `${line.slice(0, 139)}…`;
}

/**
 * Every message a page has been shown, oldest first, each once: the newest page (which moves on as messages arrive)
 * with the earlier pages the reader loaded. Messages are never edited or removed, so a union loses nothing.
 */
export function mergeThread(known: readonly MessageView[], incoming: readonly MessageView[]): MessageView[] {
  const byId = new Map(known.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
