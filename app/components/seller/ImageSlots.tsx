import { useEffect, useRef, useState } from "react";
import { imageUrl } from "@shared/images";
import { IMAGE_TYPES, imageFileProblem, MAX_IMAGES } from "@shared/product-images";
import { useHydrated } from "~/lib/use-hydrated";
import { Alert } from "~/lib/field-error";
import { withoutDefault } from "~/lib/without-default";

/** A picture slot: a saved picture (an R2 key), a new file chosen into it, or nothing. */
type Slot = { id: number; key: string | null; preview: string | null; removed: boolean; error: string | null };

export const initialSlots = (images: readonly string[] = []): Slot[] =>
  Array.from({ length: MAX_IMAGES }, (_, id) => ({ id, key: images[id] ?? null, preview: null, removed: false, error: null }));

export const slotsChanged = (slots: Slot[], images: readonly string[] = []) =>
  slots.some((s, position) => s.preview !== null || s.removed || s.key !== (images[position] ?? null));

export const hasPicture = (slots: Slot[]) => slots.some((s) => !s.removed && (s.key || s.preview));

// Labelled file inputs (a file can be dropped too), named by slot position (worker/web/seller-forms.ts); arrows move pictures, a select without JS.
export function ImageSlots({ slots, setSlots, error }: { slots: Slot[]; setSlots: React.Dispatch<React.SetStateAction<Slot[]>>; error: string | null }) {
  const [announcement, setAnnouncement] = useState("");
  // The moved picture's arrow gets the focus back: React may have moved its element, which blurs it.
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ label: string } | null>(null);
  useEffect(() => {
    if (moved) list.current?.querySelector<HTMLElement>(`[aria-label="${moved.label}"]`)?.focus();
  }, [moved]);
  const update = (id: number, change: Partial<Slot>) => setSlots((all) => all.map((s) => (s.id === id ? { ...s, ...change } : s)));
  // Never past the last picture, into an empty slot (a gap in the order).
  const lastFilled = slots.findLastIndex((s) => s.preview || s.key);
  const move = (from: number, to: number) => {
    if (to < 0 || to > lastFilled) return;
    setSlots((all) => {
      const next = [...all];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });
    setMoved({ label: `Move image ${to + 1} ${to < from ? "earlier" : "later"}` });
    setAnnouncement(`Image ${from + 1} is now image ${to + 1}`);
  };

  return (
    <fieldset aria-describedby={error ? "image-slots-error" : undefined}>
      <legend className="text-base font-medium">Product Images</legend>
      <p id="image-slots-help" className="text-sm text-gray-500">
        Up to {MAX_IMAGES}: JPEG, PNG, WebP or AVIF, at most 2 MB each. The first is the main picture.
      </p>
      <Alert id="image-slots-error" className="mt-1 text-sm text-red-700" message={error} />
      <ol ref={list} className="mt-2 flex flex-wrap gap-3">
        {slots.map((slot, position) => (
          <SlotView
            key={slot.id}
            slot={slot}
            position={position}
            onChange={(change) => update(slot.id, change)}
            onMove={(to) => move(position, to)}
            last={position >= lastFilled}
          />
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

type SlotViewProps = { slot: Slot; position: number; last: boolean; onChange: (change: Partial<Slot>) => void; onMove: (to: number) => void };
function SlotView({ slot, position, last, onChange, onMove }: SlotViewProps) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const n = position + 1;
  const inputId = `image-slot-${slot.id}`;
  const errorId = `${inputId}-error`;
  const filled = Boolean(slot.preview || slot.key);
  const picture = slot.preview ?? (slot.key ? imageUrl(slot.key) : null);

  useEffect(() => {
    const url = slot.preview;
    return url ? () => URL.revokeObjectURL(url) : undefined;
  }, [slot.preview]);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      if (input.current) input.current.value = "";
      onChange({ error: `${file.name}: ${problem}`, preview: null });
      return;
    }
    onChange({ preview: URL.createObjectURL(file), removed: false, error: null });
  }

  return (
    <li className="flex w-28 flex-col items-center gap-1 text-sm">
      {slot.key && !slot.preview && <input type="hidden" name={`keep${position}`} value={slot.key} />}
      <input
        ref={input}
        id={inputId}
        name={`image${position}`}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        className="peer sr-only"
        aria-describedby={slot.error ? errorId : "image-slots-help"}
        aria-invalid={slot.error ? true : undefined}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <label
        htmlFor={inputId}
        className={`block cursor-pointer rounded border-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${
          dragging ? "border-primary bg-primary/10" : slot.error ? "border-red-600" : "border-dashed border-gray-300"
        }`}
        onDragOver={withoutDefault(() => setDragging(true))}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          const file = e.dataTransfer.files[0];
          if (!file || !input.current) return;
          // Into the slot's own input, so the form posts it as if chosen.
          const transfer = new DataTransfer();
          transfer.items.add(file);
          input.current.files = transfer.files;
          choose(file);
        }}
      >
        <img src={picture ?? "/upload-area.svg"} alt="" width={96} height={96} className={`h-24 w-24 object-contain ${slot.removed ? "opacity-30" : ""}`} />
        <span className="block text-center text-xs text-gray-700">
          {filled ? (
            <>
              Replace<span className="sr-only"> image {n}</span>
            </>
          ) : (
            // Its name starts with "Upload", as the picture reads and a voice user says it.
            <span className="sr-only">Upload image {n}</span>
          )}
        </span>
      </label>
      <Alert id={errorId} className="text-xs text-red-700" message={slot.error} />
      {filled && (
        // The whole label is the target (WCAG 2.5.8).
        <label className="flex min-h-8 items-center gap-1.5 py-1 text-xs">
          <input
            type="checkbox"
            name={`remove${position}`}
            value="1"
            checked={slot.removed}
            onChange={(e) => onChange({ removed: e.target.checked })}
            className="h-5 w-5"
          />
          Remove<span className="sr-only"> image {n}</span>
        </label>
      )}
      {filled &&
        (hydrated ? (
          <input type="hidden" name={`position${position}`} value={n} />
        ) : (
          <label className="flex items-center gap-1 text-xs">
            Position<span className="sr-only"> of image {n}</span>
            <select name={`position${position}`} defaultValue={n} className="rounded border border-gray-400 bg-white px-1 py-0.5">
              {Array.from({ length: MAX_IMAGES }, (_, i) => (
                <option key={i}>{i + 1}</option>
              ))}
            </select>
          </label>
        ))}
      {hydrated && filled && (
        // aria-disabled rather than disabled: a moved slot's button keeps the focus at either end.
        <div className="flex gap-1">
          {Object.entries({ earlier: [position === 0, -1, "←"], later: [last, 1, "→"] } as const).map(([direction, [atEnd, step, arrow]]) => (
            <button
              key={direction}
              type="button"
              aria-disabled={atEnd}
              onClick={() => onMove(position + step)}
              aria-label={`Move image ${n} ${direction}`}
              className="h-8 min-w-8 rounded border px-2 aria-disabled:opacity-30"
            >
              {arrow}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}
