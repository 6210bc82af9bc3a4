/**
 * Locally no Cron Trigger fires (`wrangler dev` and the Vite plugin run none), yet an unpaid card
 * order's hold must end (ADR 066): once the server is up, and every minute after, ask the running
 * Worker for its scheduled jobs, as Cloudflare would, through miniflare's own route for it.
 * Quiet: a failing run is the Worker's to log, and a server that is restarting answers next time.
 */
import { EVERY_MINUTE } from "../worker/jobs/schedule.ts";

export function runScheduledJobsEveryMinute(origin: string): void {
  const url = `${origin}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(EVERY_MINUTE)}`;
  const run = async () => {
    try {
      await (await fetch(url)).arrayBuffer();
    } catch {
      // Not up (yet, or any more): the next minute asks again.
    }
  };
  void run();
  setInterval(run, 60_000).unref();
}
