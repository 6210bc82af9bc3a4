import { useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigate, Link } from "react-router";
import { BusyButton } from "~/components/BusyButton";
import { withoutDefault } from "~/lib/without-default";

/** One fetcher for every row's delete, read by the list too: its answer outlives the deleted row. */
export const DELETE_FETCHER = "product-delete";

/** Delete asks first, in the row (`?delete=<id>` without JavaScript); Keep or Escape gives the focus back to Delete. */
export function DeleteProduct({ product, listAddress, askedToDelete }: { product: { id: string; name: string }; listAddress: string; askedToDelete: boolean }) {
  const remove = useFetcher<{ ok: boolean; msg: string }>({ key: DELETE_FETCHER });
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const keep = useRef<HTMLAnchorElement>(null);
  const open = asking || askedToDelete;
  const navigate = useNavigate();
  // Closed in place when opened in place; opened by the address, by going back to the list.
  const close = (event: { preventDefault(): void }) => {
    event.preventDefault();
    if (asking) setAsking(false);
    else void navigate(listAddress, { replace: true, preventScrollReset: true });
    deleteButton.current?.focus();
  };
  const closeOnEscape = (e: React.KeyboardEvent) => {
    if (e.key === "Escape") close(e);
  };
  // Opened in place: the focus goes to the safe answer.
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);
  const label = `Delete ${product.name}`;
  const busy = remove.state !== "idle";

  return (
    <div className="relative">
      <Form method="get" action={`/seller/product-list#delete-${product.id}`} onSubmit={withoutDefault(() => setAsking(true))}>
        {[...new URLSearchParams(listAddress.slice(1))].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="delete" value={product.id} />
        <button ref={deleteButton} type="submit" aria-expanded={open} className="px-2 py-1.5 text-red-600 hover:underline md:p-0" aria-label={label}>
          Delete
        </button>
      </Form>
      {open && (
        <div
          id={`delete-${product.id}`}
          data-delete-question
          role="group"
          aria-label={`${label}?`}
          className="absolute right-0 top-full z-10 mt-2 w-64 rounded-md border border-gray-300 bg-white p-3 text-left text-sm text-gray-800 shadow-lg"
        >
          <p>
            Delete <strong className="break-words">{product.name}</strong> for good? Past orders keep their copy.
          </p>
          <div className="mt-3 flex items-center justify-end gap-3">
            <Link ref={keep} to={listAddress} onKeyDown={closeOnEscape} className="px-2 py-1.5 text-gray-700 hover:underline" onClick={close}>
              Keep
            </Link>
            <remove.Form method="post" action={`/seller/product-list${listAddress}`}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={product.id} />
              <BusyButton onKeyDown={closeOnEscape} busy={busy} className="rounded bg-red-600 px-3 py-1.5 font-medium text-white hover:bg-red-700">
                Yes, delete
              </BusyButton>
            </remove.Form>
          </div>
        </div>
      )}
    </div>
  );
}
