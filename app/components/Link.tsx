import { Link as RouterLink, type LinkProps } from "react-router";

/**
 * The app's `<Link>`: React Router's in the browser; on the server, the same `<a>` written out
 * directly when `to` is a plain absolute path, which is what almost every link of the shop is.
 *
 * Why: during a server render React Router's Link runs eight router hooks per link (resolving the
 * href, prefetch state, the click handler), and a listing page has about forty links. Measured in
 * workerd, that was 0.5 ms of a listing's render CPU (ADR 017). In the browser React Router's
 * Link hydrates the same markup and adds client-side navigation, so nothing changes for users;
 * `tests/worker/link.test.ts` holds the two to the same HTML.
 */
export const Link: typeof RouterLink = import.meta.env.SSR ? (ServerLink as typeof RouterLink) : RouterLink;

/** What the server writes for a link (exported for the test that compares it with React Router's). */
export function ServerLink(props: LinkProps) {
  const {
    to,
    discover = "render",
    prefetch = "none",
    mask,
    reloadDocument,
    replace,
    state,
    preventScrollReset,
    relative,
    viewTransition,
    defaultShouldRevalidate,
    target,
    ...anchor
  } = props;
  // Relative paths, objects, external URLs, masks and prefetch links need the router to render.
  if (!isPlainAbsolutePath(to) || mask || prefetch === "render") return <RouterLink {...props} />;
  // The link's children come in `anchor`, with the rest of its props.
  // eslint-disable-next-line jsx-a11y/anchor-has-content
  return <a {...anchor} href={to} target={target} data-discover={discover === "render" ? "true" : undefined} />;
}

function isPlainAbsolutePath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !/(^|\/)\.\.?(\/|$|\?|#)/.test(to);
}
