// The main window's size, position and maximized state, remembered in a small JSON file in
// userData. A damaged file or a position on a monitor that is no longer there falls back to a
// sensible default instead of an invisible window.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface WindowState {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_STATE: WindowState = { width: 1280, height: 800, maximized: false };
const MIN_WIDTH = 800;
const MIN_HEIGHT = 560;

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

function overlaps(a: Rectangle, b: Rectangle): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Reads the saved state and keeps only what still makes sense on the current displays. */
export function loadWindowState(file: string, displays: readonly Rectangle[]): WindowState {
  let saved: Record<string, unknown>;
  try {
    saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return { ...DEFAULT_WINDOW_STATE };
  }
  if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_WINDOW_STATE };
  const width = isInt(saved.width) ? Math.max(MIN_WIDTH, saved.width) : DEFAULT_WINDOW_STATE.width;
  const height = isInt(saved.height)
    ? Math.max(MIN_HEIGHT, saved.height)
    : DEFAULT_WINDOW_STATE.height;
  const state: WindowState = { width, height, maximized: saved.maximized === true };
  if (isInt(saved.x) && isInt(saved.y)) {
    const bounds = { x: saved.x, y: saved.y, width, height };
    if (displays.some((display) => overlaps(bounds, display))) {
      state.x = saved.x;
      state.y = saved.y;
    }
  }
  return state;
}

export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}

export const WINDOW_MIN_SIZE = { width: MIN_WIDTH, height: MIN_HEIGHT };
