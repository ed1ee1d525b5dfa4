import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { limitConcurrency } from "../../server/concurrency-limit";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** An app whose requests stay open until the test finishes them, recording the order they were started in. */
async function heldApp(limit: number, { slowBefore = 0 } = {}) {
  const started: string[] = [];
  const holding = new Map<string, () => void>();
  const app = express();
  // An earlier middleware that takes its time (as the static files' lookup does), when asked to.
  if (slowBefore) app.use((_req, _res, next) => void setTimeout(next, slowBefore));
  app.use(limitConcurrency(limit));
  app.all("/:name", (req, res) => {
    const name = String(req.params.name);
    started.push(name);
    holding.set(name, () => res.send(name));
  });
  server = app.listen(0);
  await new Promise((resolve) => server!.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const get = (name: string, method = "GET") => {
    const request = http.request({ port, path: `/${name}`, agent, method });
    request.end();
    const body = new Promise<string>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.on("data", (part: Buffer) => (text += part));
        response.on("end", () => resolve(text));
      });
      request.on("error", reject);
    });
    return { request, body };
  };
  const finish = (name: string) => holding.get(name)!();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  return { started, get, finish, settle, close: () => agent.destroy() };
}

describe("limitConcurrency", () => {
  it("runs at most `limit` requests at once and starts the waiting ones in arrival order", async () => {
    const app = await heldApp(2);
    // Sent one after another, so they reach the server in this order.
    const requests = [];
    for (const name of ["a", "b", "c", "d", "e"]) {
      requests.push(app.get(name));
      await app.settle();
    }
    expect(app.started).toEqual(["a", "b"]);
    app.finish("b");
    await app.settle();
    expect(app.started).toEqual(["a", "b", "c"]);
    app.finish("a");
    app.finish("c");
    await app.settle();
    expect(app.started).toEqual(["a", "b", "c", "d", "e"]);
    app.finish("d");
    app.finish("e");
    expect(await Promise.all(requests.map((request) => request.body))).toEqual(["a", "b", "c", "d", "e"]);
    app.close();
  });

  it("lets form posts and uploads through without a place: they wait on their client's body", async () => {
    const app = await heldApp(1);
    const page = app.get("page");
    await app.settle();
    const post = app.get("post", "POST");
    await app.settle();
    expect(app.started).toEqual(["page", "post"]);
    app.finish("post");
    app.finish("page");
    expect([await page.body, await post.body]).toEqual(["page", "post"]);
    app.close();
  });

  it("frees the place of a request whose client went away, and drops a waiting one unserved", async () => {
    const app = await heldApp(1);
    const first = app.get("first");
    first.body.catch(() => {});
    await app.settle();
    const abandoned = app.get("abandoned");
    abandoned.body.catch(() => {});
    await app.settle();
    const last = app.get("last");
    await app.settle();
    abandoned.request.destroy();
    await app.settle();
    first.request.destroy();
    await app.settle();
    // The running one's place went to the next request still wanted; the abandoned one never ran.
    expect(app.started).toEqual(["first", "last"]);
    app.finish("last");
    expect(await last.body).toBe("last");
    app.close();
  });

  it("gives no place to a request whose client left before it reached the limit, so none is lost", async () => {
    const app = await heldApp(1, { slowBefore: 100 });
    const early = app.get("early");
    early.body.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    early.request.destroy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const next = app.get("next");
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(app.started).toEqual(["next"]);
    app.finish("next");
    expect(await next.body).toBe("next");
    app.close();
  });
});
