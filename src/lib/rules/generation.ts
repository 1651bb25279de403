/** Creating a course: the limits on a topic and its instructions, and the words the server and the form say. Zod-free: the form imports it. */
import { COURSE_LANGUAGES } from "~/lib/languages";

export const TOPIC_MIN_LENGTH = 3;
export const TOPIC_MAX_LENGTH = 200;
export const INSTRUCTIONS_MAX_LENGTH = 2000;
export const TOPIC_TOO_SHORT_MESSAGE = "Please enter at least 3 characters for your topic";

export const UNSUPPORTED_LANGUAGE_MESSAGE = `Courses can be written in ${COURSE_LANGUAGES.map((language) => language.code).join(", ")}. Send language as one of these BCP 47 codes (a regional tag such as es-MX works too).`;
