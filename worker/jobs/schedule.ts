/** When the scheduled jobs run (wrangler.toml `[triggers]`): every minute, so an unpaid card order's hold ends within a minute of its hour. No imports: scripts read it in Node. */
export const EVERY_MINUTE = "* * * * *";
