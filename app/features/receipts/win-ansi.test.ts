import { describe, expect, it } from "vitest";
import { toWinAnsi } from "./win-ansi";

describe("toWinAnsi", () => {
  it("keeps Spanish and Western European text as it is", () => {
    const text = "¿Qué tal? ¡Sí! Número, año, Peña, José Müller, Zoë, 25 €, “quoted” — ok";
    expect(toWinAnsi(text)).toBe(text);
  });

  it("keeps line breaks (one kind), turns tabs into spaces", () => {
    expect(toWinAnsi("1 Main St\r\nMiami\rFL\tUSA")).toBe("1 Main St\nMiami\nFL USA");
  });

  it("drops a mark the encoding lacks, and puts '?' for what it cannot draw", () => {
    expect(toWinAnsi("Ŝtefan Erdős")).toBe("Stefan Erdos");
    expect(toWinAnsi("李 🙂")).toBe("? ?");
  });
});
