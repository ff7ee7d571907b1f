/** An item of an ordering task as the list shows it. */
export interface OrderItem {
  id: number;
  itemText: string;
}

/**
 * The items in the order the places give (issue 32): the placed ones by their place, then the rest as
 * the task lists them (a task not answered yet, or a draft that placed only some).
 */
export function orderOf<T extends OrderItem>(items: T[], places: Record<number, number>): T[] {
  return items
    .map((item, index) => ({ item, index, place: places[item.id] || Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.place - b.place || a.index - b.index)
    .map(({ item }) => item);
}

/** The places of an order: the first item 1, the next 2, … (the answer's `position`s). */
export const placesOf = (order: OrderItem[]): Record<number, number> =>
  Object.fromEntries(order.map((item, index) => [item.id, index + 1]));

/** The list with one item moved from one index to another. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
