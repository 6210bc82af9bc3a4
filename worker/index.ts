import { createRequestHandler, RouterContextProvider } from "react-router";
import { makeWorkerContext, workerContext } from "./context";
import { createFetchHandler } from "./handler";

const loadBuild = () => import("virtual:react-router/server-build");
const handleDocumentRequest = createRequestHandler(loadBuild, import.meta.env.MODE);

export default createFetchHandler(
  (request, env, ctx) => {
    const context = new RouterContextProvider();
    context.set(workerContext, makeWorkerContext(env, ctx));
    return handleDocumentRequest(request, context);
  },
  // Cached pages name this build's script and style files: a new build starts a new cache.
  async () => (await loadBuild()).assets.version,
);
