/**
 * A KV namespace served from outside workerd, for the same reason as bench/d1-stand-in.ts: on
 * Cloudflare, KV runs elsewhere and its work is not the Worker's CPU time, while Miniflare
 * simulates it inside the Worker's own process (a JavaScript Durable Object writing to SQLite and
 * blob files: about 1 ms of a seller's write that bumps the catalogue version). The Worker keeps
 * workerd's own KV client, which speaks HTTP to this server as it would to Cloudflare's KV.
 *
 * Only what the store uses is spoken: GET, PUT (with expiration_ttl) and DELETE of one key.
 * The namespace starts empty and lives in memory: the CPU harness makes its own sessions.
 */
import { createServer, type Server } from "node:http";

type Entry = { value: Buffer; expiresAt?: number };

export async function startKvStandIn(): Promise<{ url: URL; close: () => Promise<void> }> {
  const entries = new Map<string, Entry>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://kv");
      const key = decodeURIComponent(url.pathname.slice(1));
      if (!key) return response.writeHead(400).end("list and bulk get are not served here");
      const found = entries.get(key);
      if (found?.expiresAt !== undefined && found.expiresAt <= Date.now()) entries.delete(key);
      switch (request.method) {
        case "GET": {
          const entry = entries.get(key);
          if (!entry) return response.writeHead(404).end("Not Found");
          const headers = entry.expiresAt === undefined ? {} : { "CF-Expiration": String(Math.floor(entry.expiresAt / 1000)) };
          return response.writeHead(200, headers).end(entry.value);
        }
        case "PUT": {
          const ttl = url.searchParams.get("expiration_ttl");
          const at = url.searchParams.get("expiration");
          const expiresAt = ttl ? Date.now() + Number(ttl) * 1000 : at ? Number(at) * 1000 : undefined;
          entries.set(key, { value: Buffer.concat(chunks), expiresAt });
          return response.writeHead(200).end();
        }
        case "DELETE":
          entries.delete(key);
          return response.writeHead(200).end();
        default:
          return response.writeHead(405).end();
      }
    });
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the KV stand-in has no TCP address");
  return {
    url: new URL(`http://127.0.0.1:${address.port}/`),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
