import { createRequestHandler, RouterContextProvider } from "react-router";
import { getDb } from "@worker/db/client";
import { consumeStoreEvents } from "@worker/events/queue";
import { runScheduledJobs } from "@worker/jobs/scheduled";
import { makeWorkerContext, workerContext } from "@worker/web/context";
import { createFetchHandler } from "./handler";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  ...createFetchHandler(
    (request, env, ctx) => {
      const context = new RouterContextProvider();
      context.set(workerContext, makeWorkerContext(env, ctx));
      return requestHandler(request, context);
    },
    // Cached pages name this build's script and style files: a new build starts a new cache.
    async () => (await import("virtual:react-router/server-build")).assets.version,
  ),
  queue: (batch, env) => consumeStoreEvents(batch, getDb(env)),
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;
