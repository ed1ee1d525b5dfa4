import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHealth } from "~/lib/db/database-health.server";
import { saveLanguage } from "~/features/profile/save-language.server";
import { createApp } from "../../server/app";
import { databaseGate } from "../../server/database-gate";
import { type SignedIn } from "./support";
import { testApp } from "./test-app";

/** The texts server/ answers with, where a person reads them, in the request's language. */
const app = testApp();
const servers: Server[] = [];
let customer: SignedIn;

async function listen(handler: express.Express): Promise<string> {
  const server = await new Promise<Server>((resolve) => {
    const listening = handler.listen(0, "127.0.0.1", () => resolve(listening));
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  customer = await app.customer();
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe("the files route's answers", () => {
  it("are in the browser's language for a visitor, in the saved one for a signed-in user; English unchanged", async () => {
    const base = await listen(createApp(app.services));
    const url = `${base}/files/avatars/${crypto.randomUUID()}/x.png`;
    const anonymous = (headers: Record<string, string>) =>
      fetch(url, { headers }).then(async (r) => [r.status, await r.json()]);
    expect(await anonymous({ "accept-language": "es-MX,es;q=0.9" })).toEqual([
      401,
      { ok: false, error: { code: "not_signed_in", message: "Debe iniciar sesión" } },
    ]);
    expect(await anonymous({ "accept-language": "en-US" })).toEqual([
      401,
      { ok: false, error: { code: "not_signed_in", message: "You must be logged in" } },
    ]);
    expect(await anonymous({ cookie: "lang=es" })).toEqual([
      401,
      { ok: false, error: { code: "not_signed_in", message: "Debe iniciar sesión" } },
    ]);

    const signedIn = () =>
      fetch(url, { headers: { cookie: customer.cookie } }).then(async (r) => [r.status, await r.json()]);
    expect(await signedIn()).toEqual([404, { ok: false, error: { code: "not_found", message: "Not found" } }]);
    await saveLanguage(app.services, customer.id, "es");
    // The session cache may hold the old choice for a moment: poll until the saved language is read.
    await expect
      .poll(signedIn, { timeout: 10_000 })
      .toEqual([404, { ok: false, error: { code: "not_found", message: "No encontrado" } }]);
  });
});

describe("the database gate's 503", () => {
  it("shows its page and JSON in the visitor's language", async () => {
    const gate = express();
    gate.use(databaseGate({ available: false } as DatabaseHealth));
    const base = await listen(gate);
    const page = await fetch(`${base}/dashboard`, { headers: { accept: "text/html", "accept-language": "es" } });
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h1>Servicio no disponible por el momento</h1>");
    expect(html).toContain("El servicio no está disponible por el momento. Vuelva a intentarlo en un momento.");
    const english = await (await fetch(`${base}/dashboard`, { headers: { accept: "text/html" } })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(
      "<h1>Temporarily unavailable</h1><p>The service is temporarily unavailable. Please try again in a moment.</p>",
    );
    const json = await fetch(`${base}/api/anything`, { headers: { "accept-language": "es" } });
    expect(await json.json()).toEqual({
      error: "El servicio no está disponible por el momento. Vuelva a intentarlo en un momento.",
    });
  });
});
