import type { HTMLAttributes, ReactNode } from "react";

export function OptionalLine({ text, ...paragraph }: { text: ReactNode; "data-testid"?: string } & HTMLAttributes<HTMLParagraphElement>) {
  return text ? <p {...paragraph}>{text}</p> : null;
}
