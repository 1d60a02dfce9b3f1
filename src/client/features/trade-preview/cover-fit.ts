/**
 * Texture repeat and offset that crop an image to fill a panel, like CSS `object-fit: cover`:
 * the image keeps its proportions, is centred, and the overflowing side is cut.
 */
export function coverFit(
  imageWidth: number,
  imageHeight: number,
  panelAspect: number,
): { repeatX: number; repeatY: number; offsetX: number; offsetY: number } {
  if (!(imageWidth > 0 && imageHeight > 0 && panelAspect > 0)) {
    return { repeatX: 1, repeatY: 1, offsetX: 0, offsetY: 0 };
  }
  const imageAspect = imageWidth / imageHeight;
  if (imageAspect > panelAspect) {
    // Wider than the panel: show the middle part of its width.
    const repeatX = panelAspect / imageAspect;
    return { repeatX, repeatY: 1, offsetX: (1 - repeatX) / 2, offsetY: 0 };
  }
  const repeatY = imageAspect / panelAspect;
  return { repeatX: 1, repeatY, offsetX: 0, offsetY: (1 - repeatY) / 2 };
}
