/**
 * What the browser bundle gets for `@ai-sdk/gateway` (next.config.js, turbopack.resolveAlias).
 * The chat page runs the AI SDK's `useChat`, whose package imports the Vercel AI Gateway provider
 * at its top for server-side model resolution; in the browser that drags in the provider, its
 * OIDC client and a Buffer polyfill (tens of kB) that nothing there calls. The app never uses the
 * gateway, on the server either: it names its own provider.
 */
const SERVER_ONLY = "The AI gateway is not available in the browser";

class BrowserGatewayError extends Error {
  static isInstance(_error: unknown): boolean {
    return false;
  }
}

export const GatewayError = BrowserGatewayError;
export const GatewayAuthenticationError = BrowserGatewayError;

export function createGateway(): never {
  throw new Error(SERVER_ONLY);
}

export const gateway = createGateway;
