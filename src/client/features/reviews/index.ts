/** The reviews feature's public surface: other features and the app import it from here only. */
export { invalidateReviews, useRatingSummary } from './api';
export { RatingStars } from './components/rating-stars';
export { ReviewForm } from './components/review-form';
export { ReviewsPanel } from './components/reviews-panel';
