// Counting in the seller's words, one way for the core's messages and the renderer alike:
// "1 offer", "1,000 offers".

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}
