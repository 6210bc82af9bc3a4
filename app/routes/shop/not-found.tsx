import { data } from "react-router";
import { ErrorPage } from "~/components/ErrorPage";
import { pageMeta } from "~/lib/site";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => pageMeta("Page not found", "This page does not exist.");

/** Every unknown path: a real 404 status, inside the shop's layout. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} title="Page not found" message="We couldn't find the page you were looking for." />;
}
