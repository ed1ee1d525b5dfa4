// A fake S3-compatible server at the network edge, for tests only: path-style PutObject, GetObject and
// DeleteObject kept in memory, so the real @aws-sdk/client-s3 can be exercised on 127.0.0.1.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeS3 {
  url: string;
  /** Stored objects by "bucket/key". */
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = decodeURIComponent(url.pathname.slice(1));
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const missing = () => {
      res.writeHead(404, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${path}</Key></Error>`,
      );
    };
    if (!req.headers.authorization?.startsWith("AWS4-HMAC-SHA256")) {
      res.writeHead(403, { "content-type": "application/xml" });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Unsigned request</Message></Error>`,
      );
      return;
    }
    if (req.method === "PUT") {
      objects.set(path, { body: Buffer.concat(chunks), contentType: req.headers["content-type"] });
      res.writeHead(200, { etag: '"fake"' });
      res.end();
    } else if (req.method === "GET") {
      const object = objects.get(path);
      if (!object) return missing();
      res.writeHead(200, {
        "content-type": object.contentType ?? "application/octet-stream",
        "content-length": object.body.length,
      });
      res.end(object.body);
    } else if (req.method === "DELETE") {
      objects.delete(path);
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(405);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
