import { Link } from "./Link";

export function ErrorPage({ status, title, message }: { status: number; title: string; message: string }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-16 text-center">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-gray-600">{message}</p>
      <Link to="/" className="rounded-full bg-primary px-6 py-2 text-white hover:bg-primary-dull">
        Back to the shop
      </Link>
    </div>
  );
}
