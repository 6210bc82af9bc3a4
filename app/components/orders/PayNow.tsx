/** For a card order still waiting for its payment (ADR 054): a plain form, so the browser follows the redirect to Stripe. */
export function PayNowButton({ orderId, describedBy, className }: { orderId: string; describedBy?: string; className?: string }) {
  return (
    <form method="post" action={`/my-orders/${orderId}/pay`} className={className}>
      <button type="submit" aria-describedby={describedBy} className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-white hover:bg-primary-dull">
        Pay now
      </button>
    </form>
  );
}
