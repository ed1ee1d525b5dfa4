import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { JsonObjectWriter } from "./json-writer.server";

/** A stream that never drains once its small buffer is full: the export's archive waiting on a slow file. */
const full = () => new Writable({ highWaterMark: 4, write: () => {} });

describe("the export's JSON writer", () => {
  it("writes one pretty-printed object, field by field and list item by list item", async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const writer = new JsonObjectWriter(out);
    await writer.field("profile", { name: "Ana" });
    await writer.list(
      "messages",
      (async function* () {
        yield { body: "Hi" };
      })(),
    );
    await writer.end();
    expect(JSON.parse(chunks.join(""))).toEqual({ profile: { name: "Ana" }, messages: [{ body: "Hi" }] });
  });

  it("fails a write at once when its stream was destroyed under it (the export stopped), instead of waiting for ever", async () => {
    const destroyed = full();
    destroyed.on("error", () => {});
    destroyed.destroy(new Error("The worker is stopping"));
    await expect(new JsonObjectWriter(destroyed).field("profile", { name: "Ana" })).rejects.toThrow(
      "The worker is stopping",
    );
  });

  it("fails a write waiting for the stream to drain when the stream is destroyed meanwhile, with or without an error", async () => {
    for (const reason of [new Error("The worker is stopping"), undefined]) {
      const out = full();
      out.on("error", () => {});
      const writing = new JsonObjectWriter(out).field("profile", { name: "A long enough value to fill the buffer" });
      out.destroy(reason);
      await expect(writing).rejects.toThrow(reason ? "The worker is stopping" : "The stream was closed");
    }
  });
});
