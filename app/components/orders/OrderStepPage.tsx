import { Link, useParams } from "react-router";

/** An order step's page (Order again, Pay now), seen only after a refused no-JavaScript post or by its address. */
export function OrderStepPage({ title, hint, answer }: { title: string; hint: string; answer: { ok: boolean; msg: string } | undefined }) {
  const { id } = useParams();
  const refusal = answer && !answer.ok ? answer.msg : undefined;
  return (
    <div className="mx-auto mt-16 max-w-lg pb-16 text-center">
      <h1 className="text-2xl font-medium">{title}</h1>
      <p className="mt-4 text-gray-700" role={refusal ? "alert" : undefined}>
        {refusal ?? hint}
      </p>
      <Link to={`/my-orders/${id}`} className="mt-6 inline-block text-primary underline">
        Back to the order
      </Link>
    </div>
  );
}
