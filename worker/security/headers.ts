import { isApiPath } from "@worker/api/path";
import { isPersonal } from "@worker/web/personal-cookies";

/** An HTML document's CSP: scripts must carry this request's nonce. */
export function documentCsp(nonce: string, extraFormTargets: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Tailwind ships a stylesheet; React sets a few style attributes (category tile colours).
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // Without JavaScript, Place Order posts here and is redirected to Stripe's checkout page.
    `form-action 'self' https://checkout.stripe.com ${extraFormTargets.join(" ")}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

export const newNonce = (): string => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));

export function withCommonHeaders(response: Response, request: Request): Response {
  // Some responses (fetch() results, redirects) have immutable headers: copy when needed.
  const result = new Response(response.body, response);
  const headers = result.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  const { protocol, pathname } = new URL(request.url);
  if (protocol === "https:") headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  // ADR 067; pictures are the same for everyone, whoever asks.
  if (isPersonal(request, result) && !pathname.startsWith("/images/")) headers.set("Cache-Control", "private, no-store");
  if (isApiPath(pathname)) {
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    headers.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
  return result;
}
