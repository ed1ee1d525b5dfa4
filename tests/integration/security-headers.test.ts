import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { testDatabase, testServices, type TestDatabase, type TestServices } from "./support";

const opened: { server: Server; services: TestServices; database: TestDatabase }[] = [];

async function serve(siteUrl: string): Promise<string> {
  const database = await testDatabase();
  const services = await testServices(database, { SITE_URL: siteUrl });
  const server = await new Promise<Server>((resolve) => {
    const listening = createApp(services).listen(0, "127.0.0.1", () => resolve(listening));
  });
  opened.push({ server, services, database });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const { server, services, database } of opened) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await services.close();
    await database.close();
  }
});

describe("headers on every response", () => {
  it("sends HSTS when SITE_URL is https, with the other hardening headers", async () => {
    const base = await serve("https://agency.example");
    const response = await fetch(`${base}/files/payment-proofs/nobody/x.png`);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toBe(
      "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });

  it("sends no HSTS over http (localhost must stay reachable)", async () => {
    const base = await serve("http://localhost:3000");
    const response = await fetch(`${base}/files/payment-proofs/nobody/x.png`);
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
  });
});
