import { redirect } from "react-router";

/** The top bar's "Contact" link: one contact page, at /contact-us. */
export const loader = () => redirect("/contact-us", 301);
