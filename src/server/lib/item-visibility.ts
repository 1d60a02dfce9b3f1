/** Whether anyone may see an item by id: listed, or traded (the record of a finished swap); never deleted. */
export function isPublicItem(item: {
  isActive: boolean;
  availability: string;
  deletedAt: Date | null;
}): boolean {
  return !item.deletedAt && (item.isActive || item.availability === 'traded');
}
