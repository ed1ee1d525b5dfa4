import { contentDisposition } from "./content-disposition";

/** Never kept by a shared cache or the browser's: the back office's downloads name customers. */
export const PRIVATE_DOWNLOAD_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

/**
 * A CSV file as a download, sent piece by piece as `chunks` yields them (a batch of rows each), so the server never
 * holds the whole file; a browser that goes away stops the reading (the generator is returned, its query ends).
 */
export function csvDownload(fileName: string, chunks: AsyncGenerator<string, void, undefined>): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition("attachment", fileName),
      ...PRIVATE_DOWNLOAD_HEADERS,
    },
  });
}
