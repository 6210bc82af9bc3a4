import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { focusTarget } from "~/lib/focus-rescue";

/** After a client navigation to another path: announce the title and, unless the page placed the focus, focus its h1. */
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
