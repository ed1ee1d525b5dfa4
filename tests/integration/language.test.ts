import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOGS } from "~/lib/i18n/catalogs.server";
import { languageOfUser } from "~/lib/i18n/language.server";
import type { SessionUser } from "~/lib/auth/session";
import { loader as localizedLoader } from "~/routes/localized";
import { loader as catalogLoader } from "~/routes/resources/catalog";
import { action } from "~/routes/resources/language";
import { authRequest, routeContext, sessionUserFor, signUpBody, SITE_URL, type SignedIn } from "./support";
import { testApp } from "./test-app";

const app = testApp();
let customerA: SignedIn;
let customerB: SignedIn;

beforeAll(async () => {
  customerA = await app.customer();
  customerB = await app.customer();
});

async function switchLanguage(user: SessionUser | null, fields: Record<string, string>): Promise<Response> {
  try {
    const result = await action({
      request: new Request(`${SITE_URL}/resources/language`, { method: "POST", body: new URLSearchParams(fields) }),
      context: routeContext(app.services, user),
      params: {},
    } as unknown as Parameters<typeof action>[0]);
    return result as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

function localizedPage(user: SessionUser | null, headers: Record<string, string>) {
  return localizedLoader({
    request: new Request(`${SITE_URL}/login`, { headers }),
    context: routeContext(app.services, user, new Headers(headers)),
    params: {},
  } as unknown as Parameters<typeof localizedLoader>[0]);
}

function pageLanguage(user: SessionUser | null, headers: Record<string, string>) {
  return localizedPage(user, headers).locale;
}

async function catalogScript(file: string, acceptEncoding?: string): Promise<Response> {
  const request = new Request(`http://localhost/resources/catalog/${file}`, {
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });
  try {
    return await catalogLoader({ params: { file }, request } as unknown as Parameters<typeof catalogLoader>[0]);
  } catch (thrown) {
    return thrown as Response;
  }
}

describe("the catalog script a page names", () => {
  it("gives the browser the page's language, cached for good under a name that changes with the catalog", async () => {
    const spanish = localizedPage(null, { "accept-language": "es" }).catalogScript;
    const english = localizedPage(null, { "accept-language": "en" }).catalogScript;
    expect(spanish).toMatch(/^\/resources\/catalog\/es\.[\w-]{12}\.js$/);
    expect(english).toMatch(/^\/resources\/catalog\/en\.[\w-]{12}\.js$/);

    const response = await catalogScript(spanish.split("/").at(-1)!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // Run as the browser runs it: it leaves the Spanish catalog, and only it, where LocalizedProvider looks.
    const browser = { self: {} as Record<string, unknown> };
    runInNewContext(await response.text(), browser);
    expect(browser.self.__i18nCatalogs).toEqual({ es: CATALOGS.es });
  });

  it("goes out compressed at the compressors' best for a browser that accepts it, the same script once decompressed", async () => {
    const file = localizedPage(null, { "accept-language": "en" }).catalogScript.split("/").at(-1)!;
    const plain = await (await catalogScript(file)).text();
    const br = await catalogScript(file, "gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBody).toString()).toBe(plain);
    // Quality 11: smaller than the per-request compressor's quality 3 would make it.
    expect(brBody.length).toBeLessThan(
      brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 3 } }).length * 0.9,
    );
    const gzip = await catalogScript(file, "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(plain);
    expect((await catalogScript(file, "identity")).headers.get("content-encoding")).toBeNull();
  });

  it("answers 404 for a name that is not one of this deployment's catalogs", async () => {
    for (const file of ["es.AAAAAAAAAAAA.js", "fr.js", "..%2Fsecrets.js", ""])
      expect((await catalogScript(file, "br")).status).toBe(404);
  });
});

describe("the language switcher", () => {
  it("keeps a visitor's choice in a cookie and goes back to the page", async () => {
    const response = await switchLanguage(null, { language: "es", redirectTo: "/signup" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/signup");
    expect(response.headers.get("set-cookie")).toMatch(/^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax/);
    // The cookie then wins over the browser's language.
    expect(pageLanguage(null, { cookie: "lang=es", "accept-language": "en-US" })).toBe("es");
    expect(pageLanguage(null, { "accept-language": "es-MX,en;q=0.5" })).toBe("es");
    expect(pageLanguage(null, { "accept-language": "fr" })).toBe("en");
  });

  it("saves a signed-in user's choice on their own account only, and it outranks cookie and browser", async () => {
    expect(await languageOfUser(app.db, customerA.id)).toBe("en");
    const response = await switchLanguage(customerA.user, { language: "es", redirectTo: "/dashboard/progress" });
    expect(response.headers.get("location")).toBe("/dashboard/progress");
    expect(response.headers.get("set-cookie")).toMatch(/^lang=es;/);
    expect(await languageOfUser(app.db, customerA.id)).toBe("es");
    expect(await languageOfUser(app.db, customerB.id)).toBe("en");

    // The session carries it: a new request (another browser, after sign-in) is in Spanish.
    const reloaded = await sessionUserFor(app.services, customerA.cookie);
    expect(reloaded?.language).toBe("es");
    expect(pageLanguage(reloaded, { cookie: "lang=en", "accept-language": "en" })).toBe("es");
    expect((await sessionUserFor(app.services, customerB.cookie))?.language).toBeNull();

    await switchLanguage(reloaded, { language: "en", redirectTo: "/es" });
    expect(await languageOfUser(app.db, customerA.id)).toBe("en");
  });

  const statusOf = (answer: Response) => (answer as unknown as { init?: ResponseInit }).init?.status ?? answer.status;

  it("refuses an unknown language", async () => {
    const refused = await switchLanguage(customerB.user, { language: "fr", redirectTo: "/" });
    expect(statusOf(refused)).toBe(400);
    expect(await languageOfUser(app.db, customerB.id)).toBe("en");
  });

  it.each([
    ["another site", "//evil.example/"],
    ["a tab browsers drop (/\\t/evil.example)", "/\t/evil.example"],
    ["a backslash browsers read as a slash", "/\\evil.example"],
    ["a control character", "/dashboard\u0001"],
    ["a header injection", "/dashboard\r\nSet-Cookie: lang=fr"],
  ])("refuses a way back to %s with 400, saving nothing", async (_name, redirectTo) => {
    const answer = await switchLanguage(customerB.user, { language: "es", redirectTo });
    expect(statusOf(answer)).toBe(400);
    expect((answer as unknown as { data?: unknown }).data).toEqual({
      ok: false,
      error: "That address is not a page of this site",
    });
    expect(await languageOfUser(app.db, customerB.id)).toBe("en");
  });
});

describe("signing up", () => {
  it("saves the language the visitor chose before, for the account's e-mails", async () => {
    const response = await authRequest(app.services, "/sign-up/email", signUpBody(), { cookie: "lang=es" });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    expect(await languageOfUser(app.db, user.id)).toBe("es");
    // Without a cookie or a known browser language nothing is saved (customers A and B): English by default.
    expect(await languageOfUser(app.db, customerB.id)).toBe("en");
  });
});
