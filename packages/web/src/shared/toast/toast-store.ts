import { useSyncExternalStore } from 'react';
import { ApiError, messageOf, onActionSucceeded } from '../api/api-error';

export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
  /** null: stays until closed (error toasts persist, spec core §9). */
  autoHideMs: number | null;
  /** The failed action (`METHOD /path`) an error toast reports; it goes when that action succeeds. */
  action?: string | undefined;
}

/** Toasts hide after 5 s; error toasts persist (spec core §9). */
export const toastAutoHideMs = 5000;
/** At most this many toasts are on screen; the oldest goes first. */
export const toastsShownMax = 4;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
/** Each toast's own hide timer, so one toast's timer never hides another. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function startTimer(id: number, autoHideMs: number | null) {
  const running = timers.get(id);
  if (running !== undefined) clearTimeout(running);
  timers.delete(id);
  if (autoHideMs === null) return;
  timers.set(
    id,
    setTimeout(() => toast.dismiss(id), autoHideMs),
  );
}

function emit() {
  for (const listener of listeners) listener();
}

function push(message: string, severity: ToastSeverity, autoHideMs: number | null, action?: string): number {
  // the same message twice in a row (a failing list refetched) shows once, for its full time again
  const last = toasts.at(-1);
  if (last && last.message === message && last.severity === severity && last.action === action) {
    startTimer(last.id, autoHideMs);
    return last.id;
  }
  const id = nextId++;
  const next = [...toasts, { id, message, severity, autoHideMs, action }];
  for (const dropped of next.slice(0, -toastsShownMax)) startTimer(dropped.id, null);
  toasts = next.slice(-toastsShownMax);
  startTimer(id, autoHideMs);
  emit();
  return id;
}

export const toast = {
  success: (message: string, autoHideMs: number = toastAutoHideMs) => push(message, 'success', autoHideMs),
  info: (message: string, autoHideMs: number = toastAutoHideMs) => push(message, 'info', autoHideMs),
  warning: (message: string, autoHideMs: number = toastAutoHideMs) => push(message, 'warning', autoHideMs),
  /** An error toast; with `action`, it goes once that action succeeds (see `dismissAction`). */
  error: (message: string, action?: string) => push(message, 'error', null, action),
  dismiss(id: number) {
    startTimer(id, null);
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  },
  /** The action succeeded: its earlier error toasts no longer hold. */
  dismissAction(action: string) {
    const stale = toasts.filter((t) => t.severity === 'error' && t.action === action);
    if (stale.length === 0) return;
    for (const t of stale) startTimer(t.id, null);
    toasts = toasts.filter((t) => !stale.includes(t));
    emit();
  },
  clear() {
    for (const t of toasts) startTimer(t.id, null);
    toasts = [];
    emit();
  },
};

/**
 * The error toast of spec core §8: the server's userMessage, the error's message, or 'Action
 * Failed'. Failures the session flow has already handled (logged out) raise nothing more.
 */
export function notifyError(error: unknown): void {
  if (error instanceof ApiError && error.sessionEnded) return;
  if (error instanceof Error && error.name === 'AbortError') return;
  toast.error(messageOf(error), error instanceof ApiError ? error.action : undefined);
}

// every call made by contract reports its success: that action's error toasts go
onActionSucceeded((action) => toast.dismissAction(action));

/** A success toast whose text the server's userMessage overrides (spec core §8). */
export function notifySuccess(defaultMessage: string, serverMessage?: string | null): void {
  toast.success(serverMessage || defaultMessage);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toasts on screen now. */
export function currentToasts(): readonly Toast[] {
  return toasts;
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
