import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import PO from "pofile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "./locales";

/**
 * Every message key, listed by Lingui's extractor from the code as it is now, against the committed catalogs:
 * none missing (a text added to the code but not to a catalog) and none unused (a catalog entry the code no
 * longer has), and every Spanish entry translated. Fix with `npx lingui extract --clean`, then translate
 * app/locales/es/messages.po.
 */
const root = path.resolve(import.meta.dirname, "../../..");
let fresh: string;

function keysOf(file: string): Map<string, string> {
  const po = PO.parse(readFileSync(file, "utf8"));
  return new Map(po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr.join("")]));
}

beforeAll(() => {
  fresh = mkdtempSync(path.join(tmpdir(), "lingui-extract-"));
  execFileSync(process.execPath, [path.join(root, "node_modules/@lingui/cli/dist/lingui.js"), "extract", "--clean"], {
    cwd: root,
    env: { ...process.env, LINGUI_CATALOGS_DIR: fresh },
    stdio: "ignore",
  });
}, 120_000);

afterAll(() => rmSync(fresh, { recursive: true, force: true }));

describe.each(LOCALES)("the %s catalog", (locale) => {
  it("has every key the code uses and no other", () => {
    const used = [...keysOf(path.join(fresh, locale, "messages.po")).keys()].sort();
    const committed = [...keysOf(path.join(root, "app/locales", locale, "messages.po")).keys()].sort();
    expect(used.length).toBeGreaterThan(0);
    expect({
      missing: used.filter((key) => !committed.includes(key)),
      unused: committed.filter((key) => !used.includes(key)),
    }).toEqual({
      missing: [],
      unused: [],
    });
  });

  it("translates every key", () => {
    const untranslated = [...keysOf(path.join(root, "app/locales", locale, "messages.po"))]
      .filter(([, translation]) => !translation.trim())
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

/**
 * Words a Spanish reader reads as they are in English: brand names, codes, and words spelt the same in both
 * languages. Any other Spanish entry equal to its English key is a text nobody translated.
 */
const SAME_IN_BOTH = new Set([
  "Coral",
  "Error",
  "Error {status}",
  "Error {status}. ",
  "General",
  "Google Business",
  "Google My Business",
  "Legal",
  "No",
  "Plan",
  "Zelle",
  "PIN",
  "Total",
  "WhatsApp",
  "{title} ({name})",
  // A lead's age: minutes and hours are abbreviated alike.
  "{count, plural, one {# h} other {# h}}",
  "{count, plural, one {# min} other {# min}}",
]);

describe("the Spanish catalog", () => {
  it("translates every text, instead of repeating the English (but for words spelt the same in both)", () => {
    const repeated = [...keysOf(path.join(root, "app/locales/es/messages.po"))]
      .filter(([key, translation]) => translation === key && !SAME_IN_BOTH.has(key))
      .map(([key]) => key);
    expect(repeated).toEqual([]);
  });

  it("names the Google Business Profile one way ('Perfil de Google Business'), never a translated brand", () => {
    const other = [...keysOf(path.join(root, "app/locales/es/messages.po")).values()].filter((translation) =>
      /Empresa de Google|Perfil(es)? de Negocio de Google/i.test(translation),
    );
    expect(other).toEqual([]);
  });
});
