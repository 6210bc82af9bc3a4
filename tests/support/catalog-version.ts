import { env } from "cloudflare:workers";

/** The catalogue's version the edge cache keys on (ADR 059), as the schema's triggers keep it. */
export async function catalogVersion(): Promise<number> {
  return (await env.DB.prepare("SELECT version FROM catalog_version WHERE id = 1").first<number>("version"))!;
}
