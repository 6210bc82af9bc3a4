/**
 * Serves the spec-client stand-in (index.html, client.js) from a second local origin: the store's
 * host name with another port, so the browser treats it as another origin of the same site, as a
 * front end on app.example.com calling api.example.com would be. The journeys' store lists this
 * origin in CORS_ORIGINS (playwright.config.ts).
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";

export function spaClientOrigin(storePort: number): string {
  return `http://localhost:${storePort + 100}`;
}

const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/client.js": { file: "client.js", type: "text/javascript; charset=utf-8" },
};

export async function serveSpaClient(storePort: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const origin = spaClientOrigin(storePort);
  const server: Server = createServer((request, response) => {
    const entry = FILES[new URL(request.url ?? "/", origin).pathname];
    if (!entry) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": entry.type });
    response.end(readFileSync(join(import.meta.dirname, entry.file)));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(Number(new URL(origin).port), "localhost", resolve);
  });
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
