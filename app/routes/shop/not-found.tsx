import { data } from "react-router";
import { NotFoundPage } from "~/components/ErrorPage";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => pageMeta("Page not found", "This page does not exist.");

export const loader = () => data(null, { status: 404 });

export default NotFoundPage;
