// GET /images/<key> from R2. Keys are never reused, so responses are cacheable forever.

/** R2's longest key in UTF-8 bytes (R2 would throw on a longer one). */
const MAX_KEY_BYTES = 1024;

export async function serveImage(request: Request, env: Pick<Env, "IMAGES">): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  const key = imageKey(new URL(request.url).pathname);
  if (!key) return imageNotFound();

  // A HEAD or a conditional GET (nearly always a 304) asks R2 for the metadata alone.
  const bodyNeeded = request.method === "GET" && !CONDITIONAL_HEADERS.some((name) => request.headers.has(name));
  const object = bodyNeeded ? await env.IMAGES.get(key) : await env.IMAGES.head(key);
  if (!object) return imageNotFound();

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("ETag", object.httpEtag);
  headers.set("Last-Modified", object.uploaded.toUTCString());
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Content-Security-Policy", "default-src 'none'; sandbox");

  const failed = failedPrecondition(request.headers, object);
  if (failed === 412)
    return new Response("Precondition Failed", { status: 412, headers: { "Content-Type": "text/plain; charset=utf-8", ETag: object.httpEtag } });
  if (failed === 304) return new Response(null, { status: 304, headers });
  if (request.method === "HEAD") {
    // The size a GET would send (workerd sets it itself for a body it streams from R2).
    headers.set("Content-Length", String(object.size));
    return new Response(null, { headers });
  }
  const body = hasBody(object) ? object.body : (await env.IMAGES.get(key))?.body;
  return body ? new Response(body, { headers }) : imageNotFound();
}

const CONDITIONAL_HEADERS = ["if-match", "if-none-match", "if-modified-since", "if-unmodified-since"];

const hasBody = (object: R2Object): object is R2ObjectBody => "body" in object;

/** The R2 key a path names, or null when it can name none (a bad percent-escape, too long, `..`, control characters). */
export function imageKey(pathname: string): string | null {
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice("/images/".length));
  } catch {
    return null;
  }
  if (!key || key.includes("..") || /\p{Cc}/u.test(key)) return null;
  return new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES ? key : null;
}

/** The conditional headers in RFC 9110's order (13.2.2); an unparsable date is ignored, as it says. */
export function failedPrecondition(headers: Headers, object: { httpEtag: string; uploaded: Date }): 304 | 412 | null {
  const uploaded = Math.floor(object.uploaded.getTime() / 1000);
  const [ifMatch, unmodifiedSince] = [headers.get("if-match"), httpDateSeconds(headers.get("if-unmodified-since"))];
  if (ifMatch !== null ? !etagListMatches(ifMatch, object.httpEtag, "strong") : unmodifiedSince !== null && uploaded > unmodifiedSince) return 412;
  const [ifNoneMatch, modifiedSince] = [headers.get("if-none-match"), httpDateSeconds(headers.get("if-modified-since"))];
  if (ifNoneMatch !== null ? etagListMatches(ifNoneMatch, object.httpEtag, "weak") : modifiedSince !== null && uploaded <= modifiedSince) return 304;
  return null;
}

function etagListMatches(list: string, etag: string, comparison: "strong" | "weak"): boolean {
  if (list.trim() === "*") return true;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return (list.match(/(W\/)?"[^"]*"/g) ?? []).some((tag) =>
    comparison === "strong" ? !tag.startsWith("W/") && !etag.startsWith("W/") && tag === etag : opaque(tag) === opaque(etag),
  );
}

function httpDateSeconds(value: string | null): number | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const imageNotFound = (): Response =>
  new Response("Image not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" } });
