/**
 * The new text of an e-mail reply: what the person wrote above the message they answered. Mail clients put the
 * old message under the new text (top-posting) behind one of a few markers; everything from the first marker on
 * is dropped, and so is a signature after the "-- " line. A reply written below the quote (bottom-posting) leaves
 * nothing, so it is refused as empty and its sender is told, rather than posted with old text in it.
 *
 * The markers:
 * - an attribution line, "On <date>, <name> wrote:" or Spanish "El <fecha>, <nombre> escribió:", which clients
 *   wrap over two or three lines when the name and address are long (it must hold a digit or an "@");
 * - a quoted line, starting with ">";
 * - Outlook's "-----Original Message-----" (Spanish "-----Mensaje original-----");
 * - Outlook's header block: a "From:" line with a "Sent:" or "Date:" line just under it ("De:" with "Enviado:" or
 *   "Fecha:"), with the underscore rule Outlook draws above it;
 * - the signature delimiter "-- " (some clients drop its trailing space).
 */
export function replyText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const cut = lines.findIndex((_, index) => startsOldMessage(lines, index));
  const kept = cut === -1 ? lines : lines.slice(0, cut);
  // What is left above a marker often ends in the blank lines and the rule that led up to it.
  while (kept.length > 0 && /^\s*(_{5,}\s*)?$/.test(kept.at(-1)!)) kept.pop();
  return kept.join("\n").trim();
}

/** How many lines an attribution may be wrapped over. */
const ATTRIBUTION_LINES = 3;
/** How far under a "From:" line Outlook puts the "Sent:" line (a long "To:" can sit between in some versions). */
const HEADER_BLOCK_LINES = 3;

const ATTRIBUTION_START = /^\s*(on|el)\s/i;
const ATTRIBUTION_END = /\s(wrote|escribió)\s*:\s*$/i;
const ORIGINAL_MESSAGE = /^\s*-{2,}\s*(original message|mensaje original)\s*-{2,}\s*$/i;
// Outlook's HTML turned into text can keep the bold as asterisks: "*From:* Name".
const HEADER_FROM = /^\s*\*?(from|de)\s*:\*?\s/i;
const HEADER_SENT = /^\s*\*?(sent|date|enviado(\s+el)?|fecha)\s*:\*?\s/i;
const SIGNATURE = /^--\s*$/;

function startsOldMessage(lines: readonly string[], index: number): boolean {
  const line = lines[index]!;
  if (line.trimStart().startsWith(">")) return true;
  if (ORIGINAL_MESSAGE.test(line) || SIGNATURE.test(line)) return true;
  if (HEADER_FROM.test(line))
    return lines.slice(index + 1, index + 1 + HEADER_BLOCK_LINES).some((next) => HEADER_SENT.test(next));
  if (ATTRIBUTION_START.test(line)) {
    let joined = "";
    for (const next of lines.slice(index, index + ATTRIBUTION_LINES)) {
      joined += ` ${next.trim()}`;
      // A real attribution names a date or an address; "On the form I wrote:" in the new text is not one.
      if (ATTRIBUTION_END.test(joined)) return /[\d@]/.test(joined);
    }
  }
  return false;
}
