/** `npm run format` writes, `npm run format:check` (part of `npm run check`) verifies. */
const config = {
  printWidth: 160,
  plugins: ["prettier-plugin-tailwindcss"],
  tailwindStylesheet: "./src/styles/globals.css",
  tailwindFunctions: ["cn", "cva"],
};

export default config;
