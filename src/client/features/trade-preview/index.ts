/**
 * The trade preview's public surface. The dialog is its own chunk, fetched on demand; three.js is
 * a further chunk that the dialog fetches only when it shows the 3D view.
 */
export const loadTradePreviewDialog = () => import('./trade-preview-dialog');
