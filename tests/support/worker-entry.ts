// The Worker under test: the real routing (/api, /images) with a stand-in for the page renderer,
// because the React Router server build only exists after `react-router build`. Pages are
// covered by the Playwright journeys against the production build.
import { createFetchHandler } from "@worker/handler";

export { CatalogPurge } from "@worker/catalog-purge";

export default createFetchHandler(async () => new Response("page renderer not loaded in runtime tests", { status: 501 }));
