import { useRef } from "react";
import { Form } from "react-router";
import { Link } from "~/components/Link";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";

/** The signed-in shopper's menu: My Orders, My Addresses and Logout (a <details>, so it opens without JavaScript). */
export function AccountMenu({ name }: { name: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useMenuDismiss(menu);
  return (
    <details ref={menu} className="group relative">
      <summary className="flex cursor-pointer items-center gap-2 rounded-full p-1" aria-label={`Account menu for ${name}`}>
        <span aria-hidden="true" className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white">
          {name.trim().charAt(0).toUpperCase() || "?"}
        </span>
      </summary>
      <ul className="absolute right-0 top-11 z-40 w-36 rounded-md border border-gray-200 bg-white py-2 text-sm shadow-md">
        <li>
          <Link to="/my-orders" className="block px-3 py-1.5 hover:bg-primary/10">
            My Orders
          </Link>
        </li>
        <li>
          <Link to="/addresses" className="block px-3 py-1.5 hover:bg-primary/10">
            My Addresses
          </Link>
        </li>
        <li>
          <Form method="post" action="/logout">
            <button type="submit" className="w-full px-3 py-1.5 text-left hover:bg-primary/10">
              Logout
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
