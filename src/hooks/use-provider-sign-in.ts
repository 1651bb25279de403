"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import {
  isSignInPopupMessage,
  SIGN_IN_POPUP_NAME,
  SIGN_IN_PROVIDER_TEXT,
  SIGN_IN_STORAGE_KEY,
  signInPopupPath,
  type SignInProviderId,
} from "~/lib/sign-in-popup";
import { api } from "~/trpc/react";

import { showServerAuthError, showSignInError } from "./sign-in-error";
import { useReplaceSessionUser } from "./use-session";
import { toast } from "./use-toast";

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
/** A popup closed without reporting back counts as the user cancelling after this grace period. */
const POPUP_CLOSED_GRACE_MS = 8000;
const POPUP_POLL_MS = 500;

type PopupSession = { end: (closePopup: boolean) => void };

/** The one popup open on this page, whichever button opened it: starting another ends it. */
let activeSession: PopupSession | null = null;

function popupFeatures() {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

function storedResult(event: StorageEvent): unknown {
  if (event.key !== SIGN_IN_STORAGE_KEY || !event.newValue) return null;
  try {
    return JSON.parse(event.newValue) as unknown;
  } catch {
    return null;
  }
}

/**
 * Sign-in with an identity provider (Google, the school's) in a 500x600 popup: next-auth does the
 * OAuth exchange in the popup, which then reports back; the session cookie it set is turned into
 * the app's user with `auth.googleSync`, which answers the session's user whichever provider set it.
 */
export function useProviderSignIn(provider: SignInProviderId) {
  const text = SIGN_IN_PROVIDER_TEXT[provider];
  const replaceUser = useReplaceSessionUser();
  const { mutate: syncUser, isPending: isSyncing } = api.auth.googleSync.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Welcome!", description: text.welcome });
    },
    onError() {
      showServerAuthError();
    },
  });
  const [popupOpen, setPopupOpen] = useState(false);
  const current = useRef<PopupSession | null>(null);

  useEffect(() => () => current.current?.end(true), []);

  const start = useCallback(() => {
    activeSession?.end(true);

    const popup = window.open(signInPopupPath(provider), SIGN_IN_POPUP_NAME, popupFeatures());
    if (!popup) {
      showSignInError("Your browser blocked the sign-in window. Allow pop-ups for this site and try again.");
      return;
    }

    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const session: PopupSession = {
      end(closePopup) {
        window.removeEventListener("message", onMessage);
        window.removeEventListener("storage", onStorage);
        clearInterval(pollTimer);
        clearTimeout(graceTimer);
        if (closePopup && !popup.closed) popup.close();
        if (activeSession === session) activeSession = null;
        if (current.current === session) {
          current.current = null;
          setPopupOpen(false);
        }
      },
    };

    function finish(ok: boolean) {
      session.end(true);
      if (ok) syncUser({});
      else showSignInError(text.failed);
    }

    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isSignInPopupMessage(event.data)) return;
      finish(event.data.ok);
    }

    function onStorage(event: StorageEvent) {
      const result = storedResult(event);
      if (isSignInPopupMessage(result)) finish(result.ok);
    }

    window.addEventListener("message", onMessage);
    window.addEventListener("storage", onStorage);
    const pollTimer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(pollTimer);
      setPopupOpen(false);
      graceTimer = setTimeout(() => session.end(false), POPUP_CLOSED_GRACE_MS);
    }, POPUP_POLL_MS);

    activeSession = session;
    current.current = session;
    setPopupOpen(true);
    popup.focus();
  }, [provider, syncUser, text.failed]);

  return { start, isPending: popupOpen || isSyncing };
}
