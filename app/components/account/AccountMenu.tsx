import { useRef } from "react";
import { Form, Link } from "react-router";
import { useMenuDismiss } from "~/lib/use-menu-dismiss";

/** The signed-in shopper's menu in the desktop bar (a <details>: opens without JavaScript). */
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
        <AccountLinks itemClassName="block w-full px-3 py-1.5 text-left hover:bg-primary/10" />
      </ul>
    </details>
  );
}

/** The same links in the phone's menu, under the shopper's name rather than a second pop-up. */
export function AccountSection({ name }: { name: string }) {
  return (
    <section aria-label="Your account" className="border-t border-gray-200 pt-3">
      <p className="text-xs text-gray-500">Signed in as {name}</p>
      <ul className="mt-1 text-base">
        <AccountLinks itemClassName="block w-full py-2 text-left hover:text-primary" />
      </ul>
    </section>
  );
}

function AccountLinks({ itemClassName }: { itemClassName: string }) {
  return (
    <>
      {Object.entries({ "/my-orders": "My Orders", "/addresses": "My Addresses", "/account": "My Account" }).map(([to, label]) => (
        <li key={to}>
          <Link to={to} className={itemClassName}>
            {label}
          </Link>
        </li>
      ))}
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={itemClassName}>
            Logout
          </button>
        </Form>
      </li>
    </>
  );
}
