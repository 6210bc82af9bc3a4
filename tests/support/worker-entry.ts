// The Worker under test: the real routing (/api, /images) with a stand-in for the page renderer,
// because the React Router server build only exists after `react-router build`. Pages are
// covered by the Playwright journeys against the production build.
import { getDb } from "@worker/db/client";
import { consumeStoreEvents } from "@worker/events/queue";
import { createFetchHandler } from "@worker/handler";
import { runScheduledJobs } from "@worker/jobs/scheduled";

export default {
  ...createFetchHandler(async () => new Response("page renderer not loaded in runtime tests", { status: 501 })),
  queue: (batch, env) => consumeStoreEvents(batch, getDb(env)),
  scheduled: (controller, env) => runScheduledJobs(controller, env),
} satisfies ExportedHandler<Env>;
