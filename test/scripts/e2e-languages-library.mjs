/**
 * Builds the video library of the e2e "languages" instance (playwright.config.ts) from the shared
 * corpus beside the clone, at test time, so none of it is committed: one video with its Spanish,
 * Japanese and Arabic tracks (`<lang>/<id>.json`, the layout of ../shared/fixtures/translations)
 * and a playlist of five short videos (`playlists/<id>.json`). Without the corpus the folder is
 * left empty, and e2e/languages.spec.ts skips with a message.
 *
 * Usage: node test/scripts/e2e-languages-library.mjs <folder>
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const shared = resolve(dirname(fileURLToPath(import.meta.url)), "../../../shared/fixtures");
/** "Vectors | Chapter 1, Essence of linear algebra": ten minutes, translated into every language. */
const LANGUAGES_VIDEO = "fNk_zzaMoSs";
const LANGUAGES_TRACKS = ["es", "ja", "ar"];
const FIVE_VIDEO_PLAYLIST = "PLe2eFiveShortVideos";
/** The five shortest videos of the corpus with a transcript, in the order a series would play them. */
const PLAYLIST_VIDEOS = ["U_85TaXbeIo", "S9JGmA5_unY", LANGUAGES_VIDEO, "Ilg3gGewQ5U", "e50Bj7jn9IQ"];

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node test/scripts/e2e-languages-library.mjs <folder>");
  process.exit(2);
}
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

if (!existsSync(join(shared, "videos", `${LANGUAGES_VIDEO}.json`))) {
  console.log(`(shared corpus not found at ${shared}: the languages instance's library is empty)`);
} else {
  for (const id of PLAYLIST_VIDEOS) copyFileSync(join(shared, "videos", `${id}.json`), join(folder, `${id}.json`));
  for (const language of LANGUAGES_TRACKS) {
    mkdirSync(join(folder, language));
    copyFileSync(join(shared, "translations", language, `${LANGUAGES_VIDEO}.json`), join(folder, language, `${LANGUAGES_VIDEO}.json`));
  }
  mkdirSync(join(folder, "playlists"));
  writeFileSync(join(folder, "playlists", `${FIVE_VIDEO_PLAYLIST}.json`), JSON.stringify({ title: "Five short lessons", videoIds: PLAYLIST_VIDEOS }));
  console.log(
    `languages library: ${PLAYLIST_VIDEOS.length} videos, ${LANGUAGES_TRACKS.join("/")} tracks of ${LANGUAGES_VIDEO}, playlist ${FIVE_VIDEO_PLAYLIST}`,
  );
}
