import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { ProviderPopupStart } from "~/components/auth/provider-popup-start";

import { isSignInProviderId, SIGN_IN_PROVIDER_IDS, SIGN_IN_PROVIDER_TEXT } from "~/lib/sign-in-popup";

type Props = { params: Promise<{ provider: string }> };

/** /auth/google and /auth/oidc only: the popup's first page. */
export const dynamicParams = false;

export function generateStaticParams() {
  return SIGN_IN_PROVIDER_IDS.map((provider) => ({ provider }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { provider } = await params;
  return { title: isSignInProviderId(provider) ? SIGN_IN_PROVIDER_TEXT[provider].signingIn : "Sign in" };
}

export default async function ProviderPopupPage({ params }: Props) {
  const { provider } = await params;
  if (!isSignInProviderId(provider)) notFound();
  return <ProviderPopupStart provider={provider} />;
}
