import { once } from "node:events";
import type { Writable } from "node:stream";

/**
 * One JSON object written to a stream a field at a time, pretty-printed as JSON.stringify(value, null, 2) would, so a
 * long list (a conversation's messages) goes out item by item as it is read, never whole in memory. Each write waits
 * for the stream to drain when it is full.
 */
export class JsonObjectWriter {
  private fields = 0;

  constructor(private readonly out: Writable) {}

  /** A field with a value already in memory (a small section: the profile, the payments). */
  async field(name: string, value: unknown): Promise<void> {
    await this.write(`${this.fieldStart(name)}${indent(JSON.stringify(value ?? null, null, 2), "  ")}`);
  }

  /** A field whose value is a list written as its items come, page after page. */
  async list(name: string, items: AsyncIterable<unknown>): Promise<void> {
    await this.write(`${this.fieldStart(name)}[`);
    let count = 0;
    for await (const item of items) {
      await this.write(`${count === 0 ? "" : ","}\n    ${indent(JSON.stringify(item ?? null, null, 2), "    ")}`);
      count += 1;
    }
    await this.write(count === 0 ? "]" : "\n  ]");
  }

  /** Closes the object and ends the stream. */
  async end(): Promise<void> {
    await this.write(this.fields === 0 ? "{}\n" : "\n}\n");
    this.out.end();
  }

  private fieldStart(name: string): string {
    const start = this.fields === 0 ? "{\n" : ",\n";
    this.fields += 1;
    return `${start}  ${JSON.stringify(name)}: `;
  }

  /**
   * A stream destroyed under the writer (the export stopped) fails the write at once: a destroyed stream takes the
   * text without an error event and never drains, so waiting for 'drain' would wait for ever.
   */
  private async write(text: string): Promise<void> {
    const closed = () => this.out.errored ?? new Error("The stream was closed");
    if (this.out.destroyed) throw closed();
    if (this.out.write(text)) return;
    const controller = new AbortController();
    try {
      // Whichever comes first: the drain, or the stream's end (an 'error' rejects `once` by itself).
      await Promise.race([
        once(this.out, "drain", { signal: controller.signal }),
        once(this.out, "close", { signal: controller.signal }).then(() => {
          throw closed();
        }),
      ]);
    } finally {
      controller.abort();
    }
  }
}

function indent(json: string, by: string): string {
  return json.replace(/\n/g, `\n${by}`);
}
