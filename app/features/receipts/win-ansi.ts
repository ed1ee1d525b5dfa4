/** The characters of Windows-1252 above Latin-1's printable range that the PDF standard fonts' WinAnsi encoding has. */
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return char === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char);
}

/**
 * Text a PDF standard font (Helvetica, WinAnsi) can draw: Spanish and the other Western European letters as they
 * are (á é í ó ú ñ ¿ ¡), a letter with a mark the encoding lacks without its mark (Ŝ -> S, ő -> o), anything else
 * (another script, an emoji) as '?', where the font would otherwise draw unrelated glyphs.
 */
export function toWinAnsi(text: string): string {
  let result = "";
  for (const char of text.replace(/\r\n?/g, "\n").replace(/\t/g, " ")) {
    if (encodable(char)) {
      result += char;
      continue;
    }
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    result += base.length > 0 && [...base].every(encodable) ? base : "?";
  }
  return result;
}
