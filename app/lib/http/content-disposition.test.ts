import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("names the file plainly and in UTF-8", () => {
    expect(contentDisposition("attachment", "Logo set.zip")).toBe(
      `attachment; filename="Logo set.zip"; filename*=UTF-8''Logo%20set.zip`,
    );
    expect(contentDisposition("attachment", "Diseño (final).pdf")).toBe(
      `attachment; filename="Dise_o (final).pdf"; filename*=UTF-8''Dise%C3%B1o%20%28final%29.pdf`,
    );
  });

  it("keeps quotes, slashes and line breaks out of the header", () => {
    const header = contentDisposition("inline", 'a"b\\c/d\r\nSet-Cookie: x.png');
    expect(header).toBe(`inline; filename="abcdSet-Cookie: x.png"; filename*=UTF-8''abcdSet-Cookie%3A%20x.png`);
    expect(contentDisposition("attachment", " \r\n")).toBe(`attachment; filename="file"; filename*=UTF-8''file`);
  });
});
