import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { focusTarget } from "~/lib/focus-rescue";

/**
 * What a full page load gives a keyboard or screen-reader user, after a client-side navigation to
 * another page: the new page's title is read out, and when the link that was followed is gone
 * with the old page (a product card, "View details"), the focus goes to the new page's main
 * heading rather than to the start of the document. A focus the page placed itself (a dialog, the
 * heading of a new order) is left where it is; a change of query alone (a sort, a filter) is not a
 * new page.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [announced, setAnnounced] = useState("");
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    setAnnounced(document.title);
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>("h1") ?? main;
    if (heading) focusTarget(heading).focus({ preventScroll: true });
  }, [pathname]);
  return (
    <p aria-live="assertive" aria-atomic="true" className="sr-only">
      {announced}
    </p>
  );
}
