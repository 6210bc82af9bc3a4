import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { getDb } from "@worker/db/client";
import { consumeStoreEvents } from "@worker/events/queue";
import { runScheduledJobs } from "@worker/jobs/scheduled";
import { makeWorkerContext, workerContext } from "@worker/web/context";
import { createFetchHandler } from "./handler";

export { CatalogPurge } from "./catalog-purge"; // the catalogue version's one writer (ADR 024)

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/**
 * Given a function, React Router re-derives its route tables from the build on every request (so
 * the dev server picks up edits). A production build never changes: derive once, on first use.
 */
let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
const handleDocumentRequest: ReturnType<typeof createRequestHandler> = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : async (request, context) => {
      productionHandler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
      return productionHandler(request, context);
    };

export default {
  ...createFetchHandler(
    (request, env, ctx) => {
      const context = new RouterContextProvider();
      context.set(workerContext, makeWorkerContext(env, ctx));
      return handleDocumentRequest(request, context);
    },
    // Cached pages name this build's script and style files: a new build starts a new cache.
    async () => (await loadBuild()).assets.version,
  ),
  // The store's event queue (worker/events, ADR 041).
  queue: (batch, env) => consumeStoreEvents(batch, { db: getDb(env), env }),
  // Cron Triggers (worker/jobs, ADR 066): unpaid card orders past their hold, ended brake windows.
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;
