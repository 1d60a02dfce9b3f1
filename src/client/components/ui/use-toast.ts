import { useSyncExternalStore, type ReactNode } from 'react';
import type { ToastActionElement, ToastVariant } from './toast';

/** As docs/product.md (Screens) has it: only one toast is visible at a time, shown for 5000 ms unless dismissed. */
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays mounted so that its exit animation can play. */
const TOAST_REMOVE_DELAY_MS = 1000;

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
  variant?: ToastVariant;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

let entries: ToastEntry[] = [];
let nextId = 0;
const listeners = new Set<() => void>();

function publish(next: ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastEntry[] {
  return entries;
}

/** Shows a toast; a newer toast replaces the visible one (TOAST_LIMIT). */
export function toast(options: ToastOptions): void {
  nextId += 1;
  publish([{ ...options, id: String(nextId), open: true }, ...entries].slice(0, TOAST_LIMIT));
}

/** Closes a toast (its exit animation plays) and unmounts it shortly after. */
export function dismissToast(id: string): void {
  publish(entries.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)));
  window.setTimeout(() => publish(entries.filter((entry) => entry.id !== id)), TOAST_REMOVE_DELAY_MS);
}

/**
 * Forgets every toast at once, with no exit animation. For tests: the toasts live in this module,
 * which outlives a test (and, with vitest.config.ts's `isolate: false`, a test file).
 */
export function clearToasts(): void {
  publish([]);
}

/** The toasts to render; used by the Toaster. */
export function useToasts(): ToastEntry[] {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
