import { Link } from "react-router";

/**
 * The page of an order's step (Order again, Pay now) seen only when its form was posted without
 * JavaScript and refused, or when someone opens its address: the order's page holds the button.
 */
export function OrderStepPage({ orderId, title, hint, refusal }: { orderId: string | undefined; title: string; hint: string; refusal: string | undefined }) {
  return (
    <div className="mx-auto mt-16 max-w-lg pb-16 text-center">
      <h1 className="text-2xl font-medium">{title}</h1>
      <p className="mt-4 text-gray-700" role={refusal ? "alert" : undefined}>
        {refusal ?? hint}
      </p>
      <Link to={`/my-orders/${orderId}`} className="mt-6 inline-block text-primary underline">
        Back to the order
      </Link>
    </div>
  );
}
