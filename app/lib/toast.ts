/**
 * A tiny toast store (no dependency): success toasts last 2 s, errors 4 s, loading ones until
 * dismissed; at most 20 on screen; a dismissed toast fades for 1 s before it is removed.
 */
export type ToastKind = "success" | "error" | "loading" | "blank";
export type Toast = { id: number; kind: ToastKind; message: string; leaving: boolean };

const DURATION_MS: Record<ToastKind, number> = { success: 2_000, error: 4_000, blank: 4_000, loading: Infinity };
const MAX_ON_SCREEN = 20;
const REMOVE_DELAY_MS = 1_000;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

const EMPTY: Toast[] = [];
export function getServerToasts(): Toast[] {
  return EMPTY;
}

export function dismissToast(id: number) {
  emit(toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
  setTimeout(() => emit(toasts.filter((t) => t.id !== id)), REMOVE_DELAY_MS);
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  const visible = toasts.filter((t) => !t.leaving);
  const overflow = visible.length >= MAX_ON_SCREEN ? visible.slice(0, visible.length - MAX_ON_SCREEN + 1) : [];
  emit([...toasts.filter((t) => !overflow.includes(t)), { id, kind, message, leaving: false }]);
  const duration = DURATION_MS[kind];
  if (Number.isFinite(duration)) setTimeout(() => dismissToast(id), duration);
  return id;
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  loading: (message: string) => show("loading", message),
  message: (message: string) => show("blank", message),
  dismiss: dismissToast,
};
