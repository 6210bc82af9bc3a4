export const SEO_CACHE_CONTROL = "public, max-age=3600";

export const xmlResponse = (xml: string) =>
  new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": SEO_CACHE_CONTROL } });
