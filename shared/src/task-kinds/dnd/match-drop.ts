/**
 * The answers of an association task after a definition is dropped (issue 32), as the term's select
 * would set them: `to` a term (the definition leaves any other term it was chosen for; a chip taken
 * from a term swaps with the one it lands on), or `to` null, back among the definitions (the term it
 * came `from` has none again).
 */
export function dropDefinition(
  chosen: Record<number, number>,
  definitionId: number,
  from: number | null,
  to: number | null,
): Record<number, number> {
  if (to === from) return chosen;
  const previous = to === null ? undefined : chosen[to];
  const next = Object.fromEntries(
    Object.entries(chosen).filter(([termId, id]) => id !== definitionId && Number(termId) !== from),
  ) as Record<number, number>;
  if (to !== null) next[to] = definitionId;
  if (from !== null && to !== null && previous && previous !== definitionId) next[from] = previous;
  return next;
}
