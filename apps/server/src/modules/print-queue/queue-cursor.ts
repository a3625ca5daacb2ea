/** A place in the queue order as the list answers it ("position.id"): the keyset of its pages. */
export function toQueueCursor(item: { position: number; id: number }): string {
  return `${item.position}.${item.id}`;
}

/** The schema has checked the form already. */
export function parseQueueCursor(cursor: string): { position: number; id: number } {
  const [position, id] = cursor.split('.').map(Number);
  return { position: position!, id: id! };
}
