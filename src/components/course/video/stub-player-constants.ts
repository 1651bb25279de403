/** How long the stub "video" runs beyond its last section start, in seconds. */
export const STUB_TAIL_SECONDS = 600;
