/**
 * `npm run lti:platform -- <command>`: the LTI 1.3 platforms this CourseCraft trusts (docs/lti.md).
 *
 *   add --issuer URL --client-id ID --deployment-id ID [--deployment-id ID…] --auth-url URL --token-url URL --jwks-url URL
 *       [--frame-origin URL…]   the origins whose pages frame CourseCraft (default: the issuer's; Canvas: the school's domain)
 *   list
 *   remove --issuer URL --client-id ID
 *   rotate-key        publishes a new tool key now; it signs from tomorrow, the old one retires a day later
 *
 * `add` replaces the registration of the same issuer and client id. URLs must be https (http://
 * only with LTI_ALLOW_HTTP_PLATFORMS=1). Uses DATABASE_URL, or the embedded database in DATA_DIR
 * (./.data) when it is unset (stop `npm start` first: the embedded server has one owner).
 */
import path from "node:path";
import { parseArgs } from "node:util";

import pg from "pg";

import { createDbClient } from "../src/server/db/client";
import { startAppDatabase } from "../src/server/db/embedded";
import { platformFrameOrigins } from "../src/server/lti/frame-cookie";
import { rotateToolKey } from "../src/server/lti/tool-keys";
import { listPlatforms, registerPlatform, removePlatform } from "../src/server/services/lti/register-platform";

const USAGE = `usage: npm run lti:platform -- add --issuer URL --client-id ID --deployment-id ID --auth-url URL --token-url URL --jwks-url URL [--frame-origin URL]
       npm run lti:platform -- list
       npm run lti:platform -- remove --issuer URL --client-id ID
       npm run lti:platform -- rotate-key`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    issuer: { type: "string" },
    "client-id": { type: "string" },
    "deployment-id": { type: "string", multiple: true },
    "auth-url": { type: "string" },
    "token-url": { type: "string" },
    "jwks-url": { type: "string" },
    "frame-origin": { type: "string", multiple: true },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const command = positionals[0];
if (!command || !["add", "list", "remove", "rotate-key"].includes(command)) fail(USAGE);

async function main() {
  const embedded = process.env.DATABASE_URL ? null : await startAppDatabase(path.resolve(process.env.DATA_DIR ?? ".data"), () => undefined);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL || embedded?.url });
  pool.on("error", (error) => console.error(`idle database connection lost: ${error.message}`));
  const db = createDbClient(pool);
  try {
    if (command === "list") {
      const platforms = await listPlatforms(db);
      if (platforms.length === 0) return console.log("no platform is registered");
      for (const platform of platforms)
        console.log(
          `${platform.issuer}  client ${platform.clientId}  deployments ${platform.deploymentIds.join(", ")}\n  auth ${platform.authUrl}\n  token ${platform.tokenUrl}\n  jwks ${platform.jwksUrl}\n  framed by ${platformFrameOrigins(platform).join(", ") || "nobody"}`,
        );
    } else if (command === "add") {
      const platform = await registerPlatform(db, {
        issuer: values.issuer ?? "",
        clientId: values["client-id"] ?? "",
        deploymentIds: values["deployment-id"] ?? [],
        authUrl: values["auth-url"] ?? "",
        tokenUrl: values["token-url"] ?? "",
        jwksUrl: values["jwks-url"] ?? "",
        frameOrigins: values["frame-origin"] ?? [],
      });
      console.log(`registered ${platform.issuer} (client ${platform.clientId}, deployments ${platform.deploymentIds.join(", ")})`);
    } else if (command === "remove") {
      await removePlatform(db, { issuer: values.issuer ?? "", clientId: values["client-id"] ?? "" });
      console.log(`removed ${values.issuer} (client ${values["client-id"]})`);
    } else {
      const { kid, signsFrom } = await rotateToolKey(db);
      console.log(`published key ${kid}; it signs from ${signsFrom.toISOString()}`);
    }
  } finally {
    await db.$disconnect();
    await pool.end();
    await embedded?.stop();
  }
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
