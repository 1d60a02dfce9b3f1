/** The favourites feature's public surface: other features and the app import it from here only. */
export { invalidateFavorites, useFavoriteIds, useFavorites, useToggleFavoriteMutation } from './api';
