import type { ButtonHTMLAttributes } from "react";

/**
 * A button that is off while what it started runs (`busy`: its form is being sent, a download is
 * being read), without losing the keyboard's focus: a `disabled` button drops the focus to the
 * start of the page (Chromium), so this one is `aria-disabled` instead, and a click, or an Enter
 * in its form, does nothing while busy. A submit button unless told otherwise.
 */
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
