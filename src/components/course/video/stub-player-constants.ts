import { type PlayerSection, startSeconds } from "../section-navigation";

/** How long the stub "video" runs beyond its last section start, in seconds. */
const STUB_TAIL_SECONDS = 600;

/** The stub's length for a course from one video: its last section's start and the tail. */
export function stubVideoLength(sections: readonly Pick<PlayerSection, "timeStart">[]): number {
  return Math.max(0, ...sections.map(startSeconds)) + STUB_TAIL_SECONDS;
}
