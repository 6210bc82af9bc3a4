/**
 * The local D1 database and R2 bucket that `wrangler dev --persist-to <state>` uses, opened directly
 * with Miniflare for the seed scripts. wrangler's getPlatformProxy would start every binding of
 * wrangler.toml, the Worker's own Durable Object included, and print warnings about it that a
 * newcomer running `npm start` would take for failures.
 */
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { join } from "node:path";
import { unstable_readConfig } from "wrangler";

export type LocalStorage = { env: { DB: D1Database; IMAGES: R2Bucket }; dispose: () => Promise<void> };

export async function openLocalStorage(state: string, configPath = "wrangler.toml"): Promise<LocalStorage> {
  const config = unstable_readConfig({ config: configPath });
  const database = config.d1_databases.find((d: { binding: string }) => d.binding === "DB");
  const bucket = config.r2_buckets.find((b: { binding: string }) => b.binding === "IMAGES");
  if (!database?.database_id || !bucket?.bucket_name) throw new Error(`${configPath} has no DB database or IMAGES bucket`);
  // The same ids and folder wrangler dev gives them (as wrangler's own local commands open them), so both see the same data.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      script: "export default {}",
      modules: true,
      resourcePersistencePath: join(state, "v3"),
      d1Databases: { DB: database.preview_database_id ?? database.database_id },
      r2Buckets: { IMAGES: bucket.preview_bucket_name ?? bucket.bucket_name },
    }),
  );
  const env = { DB: (await mf.getD1Database("DB")) as unknown as D1Database, IMAGES: (await mf.getR2Bucket("IMAGES")) as unknown as R2Bucket };
  return { env, dispose: () => mf.dispose() };
}
