import "next-auth/jwt";

declare module "next-auth/jwt" {
  interface JWT {
    /** The user's session version when the token was issued; older versions are revoked. */
    sv?: number;
  }
}
