import { describe, expect, it } from "vitest";
import { inlineStyleSheetsMiddleware } from "./inline-style-sheets.server";

const page =
  '<html><head><link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n1"/><link nonce="n1" rel="stylesheet" href="/assets/root-1.css"/></head><body>Login</body></html>';
const middleware = inlineStyleSheetsMiddleware(async (href) => `/* ${href} */ body{color:red}`);

async function answer(request: Request, response: Response): Promise<Response> {
  const args = { request, context: undefined, params: {}, unstable_pattern: "" } as unknown as Parameters<
    typeof middleware
  >[0];
  return (await middleware(args, async () => response)) as Response;
}

describe("inlineStyleSheetsMiddleware", () => {
  it("puts the style sheet into the HTML document and makes its link non-blocking", async () => {
    const response = await answer(
      new Request("http://localhost/login"),
      new Response(page, { headers: { "Content-Type": "text/html", "Set-Cookie": "a=1" } }),
    );
    const html = await response.text();
    expect(html).toContain(
      '<style>/* /assets/root-1.css */ body{color:red}</style><link nonce="n1" rel="stylesheet" href="/assets/root-1.css" media="print"/>',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-1.js" nonce="n1"/>',
    );
    expect(response.headers.get("Set-Cookie")).toBe("a=1");
  });

  it("holds the stream only until the end of the head, however it is cut, and passes the rest as it comes", async () => {
    // The head ends across two chunks, a two-byte character is cut between chunks, and the body streams on.
    const bytes = new TextEncoder().encode(page.replace("Login", "Iniciar sesión"));
    const text = new TextDecoder().decode(bytes);
    const cut = [text.indexOf("</head>") + 3, bytes.indexOf(0xc3) + 1];
    const parts = [bytes.subarray(0, cut[0]), bytes.subarray(cut[0], cut[1]), bytes.subarray(cut[1])];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(part);
        controller.close();
      },
    });
    const response = await answer(
      new Request("http://localhost/dashboard"),
      new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } }),
    );
    const html = await response.text();
    expect(html).toContain(
      '<style>/* /assets/root-1.css */ body{color:red}</style><link nonce="n1" rel="stylesheet" href="/assets/root-1.css" media="print"/></head>',
    );
    expect(html.endsWith("<body>Iniciar sesión</body></html>")).toBe(true);
  });

  it("leaves a body already compressed (the pre-rendered landing page) alone", async () => {
    const compressed = new Response(page, { headers: { "Content-Type": "text/html", "Content-Encoding": "gzip" } });
    expect(await answer(new Request("http://localhost/"), compressed)).toBe(compressed);
  });

  it("leaves data requests, redirects and other methods alone", async () => {
    const data = new Response("[1]", { headers: { "Content-Type": "text/x-script" } });
    expect(await answer(new Request("http://localhost/login.data"), data)).toBe(data);
    const redirect = new Response(null, { status: 302, headers: { Location: "/dashboard" } });
    expect(await answer(new Request("http://localhost/login"), redirect)).toBe(redirect);
    const posted = new Response(page, { headers: { "Content-Type": "text/html" } });
    expect(await answer(new Request("http://localhost/login", { method: "POST" }), posted)).toBe(posted);
  });
});
