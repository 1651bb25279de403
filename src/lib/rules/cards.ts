/** Cards and reviews: the limits the server enforces and the forms check first. Zod-free: pages import it. */

export const CARD_FRONT_MAX_LENGTH = 1_000;
export const CARD_BACK_MAX_LENGTH = 5_000;
export const MIN_DESIRED_RETENTION = 0.7;
export const MAX_DESIRED_RETENTION = 0.99;

/** How many cards a learner may keep (POST /api/courses/{id}/cards answers 422 beyond). */
export const MAX_CARDS_PER_LEARNER = 20_000;
