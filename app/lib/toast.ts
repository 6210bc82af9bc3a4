// A tiny toast store. Repeats merge (one timer restarts instead of a copy stacking); a success dismisses stale errors.
export type ToastKind = "success" | "error" | "loading" | "blank";
export type Toast = { id: number; kind: ToastKind; message: string; leaving: boolean };

const DURATION_MS: Record<ToastKind, number> = { success: 2_000, error: 4_000, blank: 4_000, loading: Infinity };
const MAX_ON_SCREEN = 20;
const REMOVE_DELAY_MS = 1_000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): Toast[] => toasts;

export function dismissToast(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

function schedule(id: number, kind: ToastKind) {
  clearTimeout(timers.get(id));
  const duration = DURATION_MS[kind];
  if (Number.isFinite(duration)) timers.set(id, setTimeout(dismissToast, duration, id));
}

function show(kind: ToastKind, message: string): number {
  const visible = toasts.filter((t) => !t.leaving);
  if (kind === "success") for (const stale of visible.filter((t) => t.kind === "error")) dismissToast(stale.id);
  const same = visible.find((t) => t.kind === kind && t.message === message);
  if (same) {
    schedule(same.id, kind);
    return same.id;
  }
  const id = nextId++;
  const overflow = visible.length >= MAX_ON_SCREEN ? visible.slice(0, visible.length - MAX_ON_SCREEN + 1) : [];
  emit([...toasts.filter((t) => !overflow.includes(t)), { id, kind, message, leaving: false }]);
  schedule(id, kind);
  return id;
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  loading: (message: string) => show("loading", message),
  message: (message: string) => show("blank", message),
  dismiss: dismissToast,
};
