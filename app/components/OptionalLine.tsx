import type { HTMLAttributes, ReactNode } from "react";

/** A paragraph of `text`, or nothing when there is none. */
export function OptionalLine({ text, ...paragraph }: { text: ReactNode; "data-testid"?: string } & HTMLAttributes<HTMLParagraphElement>) {
  return text ? <p {...paragraph}>{text}</p> : null;
}
