import { createRequestHandler, RouterContextProvider } from "react-router";
import { makeWorkerContext, workerContext } from "./context";
import { createFetchHandler } from "./handler";

const handleDocumentRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default createFetchHandler((request, env, ctx) => {
  const context = new RouterContextProvider();
  context.set(workerContext, makeWorkerContext(env, ctx));
  return handleDocumentRequest(request, context);
});
