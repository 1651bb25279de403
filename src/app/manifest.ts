import type { MetadataRoute } from "next";

/** The web app manifest (/manifest.webmanifest): what makes CourseCraft installable. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "CourseCraft — AI courses from video",
    short_name: "CourseCraft",
    description: "Courses built from real videos, with quizzes, cards to review and a tutor. Saved courses and reviews work offline.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#2142c4",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
