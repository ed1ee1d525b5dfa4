import { describe, expect, it } from "vitest";
import { svgDataUri } from "./svg-data-uri";

describe("svgDataUri", () => {
  it("escapes what a URL needs and keeps the rest readable", () => {
    const uri = svgDataUri(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2">\n  <rect fill="#fff" width="2" height="2"/></svg>',
    );
    expect(uri).toBe(
      "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'%3E %3Crect fill='%23fff' width='2' height='2'/%3E%3C/svg%3E",
    );
    expect(uri).not.toMatch(/["#<>]/);
  });

  it("round-trips through URL decoding to the same drawing", () => {
    const svg = "<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0h10v10z' fill='#123456'/></svg>";
    expect(decodeURIComponent(svgDataUri(svg).slice("data:image/svg+xml,".length))).toBe(svg);
  });
});
