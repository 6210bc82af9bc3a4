import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type HandleDocumentRequestFunction, type HandleErrorFunction } from "react-router";
import { workerContext } from "@worker/web/context";
import { documentCsp, newNonce } from "@worker/security/headers";
import css from "./app.css?inline";
import { InlineCssContext, NonceContext } from "~/lib/document-context";

export const streamTimeout = 5_000;

/** Logs what React Router caught, except client mistakes it already answered (4xx) and aborted requests. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) return;
  console.error(error);
};

const handleRequest: HandleDocumentRequestFunction = async (request, responseStatusCode, responseHeaders, routerContext, loadContext) => {
  let shellRendered = false;
  const nonce = newNonce();
  const { env } = loadContext.get(workerContext);
  const fakeStripe = env.STRIPE_API_BASE ? [new URL(env.STRIPE_API_BASE).origin] : [];

  const body = await renderToReadableStream(
    <NonceContext value={nonce}>
      <InlineCssContext value={css}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineCssContext>
    </NonceContext>,
    {
      nonce,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
      signal: AbortSignal.timeout(streamTimeout + 1_000),
    },
  );
  shellRendered = true;

  // Crawlers and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent")) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", documentCsp(nonce, fakeStripe));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
};
export default handleRequest;
