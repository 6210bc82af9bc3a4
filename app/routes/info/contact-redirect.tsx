import { redirect } from "react-router";

/** The top bar's "Contact" link: one contact page, at /contact-us. */
export function loader() {
  return redirect("/contact-us", 301);
}
