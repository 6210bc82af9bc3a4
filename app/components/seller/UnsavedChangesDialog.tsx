import { useEffect, useId, useRef } from "react";
import type { Blocker } from "react-router";

type UnsavedChangesDialogProps = { blocker: Blocker; asking: boolean; onKeepEditing: () => void; unsaved: string };
/** "Leave page?" for a navigation held by `useUnsavedChanges` (`asking`: not while a save is on its way): a native modal `<dialog>`, "Keep editing" focused. */
export function UnsavedChangesDialog({ blocker, asking, onKeepEditing, unsaved }: UnsavedChangesDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const id = useId();
  // On each held navigation, not on `asking`: one held again right after "Keep editing" can come before "unblocked" renders (a transition).
  useEffect(() => {
    const element = dialog.current;
    if (!asking || !element || element.open) return;
    element.showModal();
    keep.current?.focus();
  }, [blocker, asking]);

  // Each answer closes the dialog at once: its `close` event comes a task later (after the next navigation).
  const answer = (then: () => void) => () => {
    dialog.current?.close();
    then();
  };
  const stay = answer(onKeepEditing);
  const leave = answer(() => blocker.proceed?.());

  if (!asking) return null;
  return (
    // The backdrop click is for the mouse; Escape and "Keep editing" are the keyboard's ways.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault();
        stay();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) stay();
      }}
      className="m-auto w-[92vw] max-w-md rounded-lg p-0 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          Leave page with unsaved changes?
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-gray-700">
          Your changes to {unsaved} are not saved. If you leave, they will be lost.
        </p>
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button ref={keep} type="button" onClick={stay} className="rounded border border-gray-300 px-4 py-2 text-gray-700 hover:bg-gray-50">
            Keep editing
          </button>
          <button type="button" onClick={leave} className="rounded bg-red-700 px-4 py-2 font-medium text-white hover:bg-red-800">
            Leave without saving
          </button>
        </div>
      </div>
    </dialog>
  );
}
