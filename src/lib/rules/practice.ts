/** Practice of chosen concepts: how much one set holds. Zod-free: pages import it. */

/** A practice set holds at most this many due cards and this many questions. */
export const PRACTICE_MAX_CARDS = 6;
export const PRACTICE_MAX_QUESTIONS = 8;
