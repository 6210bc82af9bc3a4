/**
 * GET /images/<key>: product and site images from R2. Keys are never reused (a new upload gets a
 * new key), so responses are cacheable forever.
 */
export async function serveImage(request: Request, env: Pick<Env, "IMAGES">): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const key = decodeURIComponent(new URL(request.url).pathname.slice("/images/".length));
  if (!key || key.includes("..")) return imageNotFound();

  const object = await env.IMAGES.get(key, { onlyIf: request.headers });
  if (!object) return imageNotFound();

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");

  // `onlyIf` matched the caller's If-None-Match: the body was not fetched.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

function imageNotFound(): Response {
  return new Response("Image not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
  });
}
