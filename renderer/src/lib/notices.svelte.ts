// Short messages at the bottom of the window ("3 offers changed", "Saved"), gone after a while.

export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'good' | 'error';
}

export const notices: Notice[] = $state([]);
let nextId = 1;

export function notify(text: string, tone: Notice['tone'] = 'info', ms = 6000): void {
  const id = nextId++;
  notices.push({ id, text, tone });
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  const index = notices.findIndex((n) => n.id === id);
  if (index >= 0) notices.splice(index, 1);
}
