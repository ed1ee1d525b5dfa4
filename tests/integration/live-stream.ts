import { expect, vi } from "vitest";
import { LIVE_EVENTS, LIVE_STREAM_PATH } from "~/lib/realtime/realtime";

export interface LiveEvent {
  event: string;
  data: unknown;
}

/** A browser's end of the /events stream: collects the server-sent events as they arrive. */
export class LiveStream {
  readonly events: LiveEvent[] = [];
  private buffer = "";
  private readonly controller = new AbortController();
  private done: Promise<void> = Promise.resolve();

  static async open(base: string, cookie?: string, query = ""): Promise<{ response: Response; stream?: LiveStream }> {
    const stream = new LiveStream();
    const response = await fetch(`${base}${LIVE_STREAM_PATH}${query}`, {
      headers: cookie ? { cookie, accept: "text/event-stream" } : { accept: "text/event-stream" },
      signal: stream.controller.signal,
    });
    if (response.status !== 200 || !response.body) return { response };
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    // The server subscribes to the bus before it writes its first chunk, so once that chunk is here the
    // stream misses nothing published afterwards.
    const first = await reader.read();
    stream.consume(first.value ?? "");
    stream.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          stream.consume(value);
        }
      } catch {
        // aborted by close()
      }
    })();
    return { response, stream };
  }

  private consume(chunk: string) {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf("\n\n")) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event) this.events.push({ event, data: data === undefined ? undefined : JSON.parse(data) });
    }
  }

  /** Waits for an event matching the predicate and returns every event received up to and including it. */
  async until(predicate: (event: LiveEvent) => boolean, timeout = 5_000): Promise<LiveEvent[]> {
    await vi.waitFor(() => expect(this.events.some(predicate)).toBe(true), { timeout, interval: 10 });
    const index = this.events.findIndex(predicate);
    return this.events.splice(0, index + 1);
  }

  async close() {
    this.controller.abort();
    await this.done;
  }
}

/** A change as a stream sends it: to a customer the table only; to an admin also whose row it was (`userId`). */
export const changeEvent = (table: string, userId?: string): LiveEvent => ({
  event: LIVE_EVENTS.change,
  data: userId === undefined ? { table } : { table, userId },
});
