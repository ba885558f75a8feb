/** Interests after toggling `key`; adding beyond the maximum (the server's) is refused. */
export function toggleInterest(selected: readonly string[], key: string, max: number): { interests: string[]; refused: boolean } {
  if (selected.includes(key)) return { interests: selected.filter((k) => k !== key), refused: false };
  if (selected.length >= max) return { interests: [...selected], refused: true };
  return { interests: [...selected, key], refused: false };
}
