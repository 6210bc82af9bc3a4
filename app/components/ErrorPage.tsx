import { isRouteErrorResponse, Link } from "react-router";

type ErrorPageProps = { status: number; title: string; message: string; back?: { to: string; label: string } };
export function ErrorPage({ status, title, message, back = { to: "/", label: "Back to the shop" } }: ErrorPageProps) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-gray-600">{message}</p>
      <Link to={back.to} className="rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        {back.label}
      </Link>
    </div>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} title="Page not found" message="We couldn't find the page you were looking for." />;
}

export function RouteErrorPage({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} title="Unexpected Application Error" message="Something went wrong on our side. Please try again in a moment." />;
}
