import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailText } from "./email-text";

describe("an e-mail address in a narrow place", () => {
  it("may wrap before its @ and each dot, and reads as the same address", () => {
    const html = renderToString(<EmailText email="maria.fernanda.lopez@plomeria-del-valle.com" />);
    expect(html).toContain("maria<wbr/>.fernanda<wbr/>.lopez<wbr/>@plomeria-del-valle<wbr/>.com");
    expect(html.replace(/<[^>]+>/g, "")).toBe("maria.fernanda.lopez@plomeria-del-valle.com");
  });
});
