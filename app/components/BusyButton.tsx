import type { ButtonHTMLAttributes } from "react";

/** A button off while busy, keeping the focus: `aria-disabled`, since a `disabled` one drops it to the page start (Chromium). */
export function BusyButton({ busy, type = "submit", className = "", onClick, ...button }: { busy: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      {...button}
      aria-disabled={busy || button["aria-disabled"] || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      className={`${className} aria-disabled:opacity-70`}
    />
  );
}
