// add_batch answers only `{ message }` "containing the number added and the number of duplicates
// skipped" (API document); the sandbox words it "3 credentials added, 1 duplicates skipped".
export function parseAddBatchMessage(message: string): {
  added: number | null;
  duplicates: number | null;
} {
  const added = /(\d+)\s+credentials?\s+(?:were\s+)?added/i.exec(message);
  const duplicates = /(\d+)\s+duplicates?\s+(?:were\s+)?skipped/i.exec(message);
  return {
    added: added ? Number(added[1]) : null,
    duplicates: duplicates ? Number(duplicates[1]) : null,
  };
}
