"use client";

import { useCallback, useEffect, useRef, useState } from "react";

import { GOOGLE_AUTH_STORAGE_KEY, GOOGLE_POPUP_NAME, isGoogleAuthMessage } from "~/lib/google-auth-message";
import { api } from "~/trpc/react";

import { showGoogleSignInError, showServerAuthError } from "./google-sign-in-error";
import { useReplaceSessionUser } from "./use-session";
import { toast } from "./use-toast";

const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
/** A popup closed without reporting back counts as the user cancelling after this grace period. */
const POPUP_CLOSED_GRACE_MS = 8000;
const POPUP_POLL_MS = 500;

type PopupSession = { end: (closePopup: boolean) => void };

function popupFeatures() {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`;
}

function storedResult(event: StorageEvent): unknown {
  if (event.key !== GOOGLE_AUTH_STORAGE_KEY || !event.newValue) return null;
  try {
    return JSON.parse(event.newValue) as unknown;
  } catch {
    return null;
  }
}

/**
 * Google sign-in in a 500x600 popup: next-auth does the OAuth exchange in the popup, which then
 * reports back; the session cookie it set is turned into the app's user with `auth.googleSync`.
 */
export function useGoogleSignIn() {
  const replaceUser = useReplaceSessionUser();
  const { mutate: syncGoogleUser, isPending: isSyncing } = api.auth.googleSync.useMutation({
    onSuccess(user) {
      replaceUser(user);
      toast({ title: "Welcome!", description: "You've signed in with Google successfully." });
    },
    onError() {
      showServerAuthError();
    },
  });
  const [popupOpen, setPopupOpen] = useState(false);
  const current = useRef<PopupSession | null>(null);

  useEffect(() => () => current.current?.end(true), []);

  const start = useCallback(() => {
    current.current?.end(true);

    const popup = window.open("/auth/google", GOOGLE_POPUP_NAME, popupFeatures());
    if (!popup) {
      showGoogleSignInError("Your browser blocked the sign-in window. Allow pop-ups for this site and try again.");
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
        if (current.current === session) {
          current.current = null;
          setPopupOpen(false);
        }
      },
    };

    function finish(ok: boolean) {
      session.end(true);
      if (ok) syncGoogleUser({});
      else showGoogleSignInError();
    }

    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isGoogleAuthMessage(event.data)) return;
      finish(event.data.ok);
    }

    function onStorage(event: StorageEvent) {
      const result = storedResult(event);
      if (isGoogleAuthMessage(result)) finish(result.ok);
    }

    window.addEventListener("message", onMessage);
    window.addEventListener("storage", onStorage);
    const pollTimer = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(pollTimer);
      setPopupOpen(false);
      graceTimer = setTimeout(() => session.end(false), POPUP_CLOSED_GRACE_MS);
    }, POPUP_POLL_MS);

    current.current = session;
    setPopupOpen(true);
    popup.focus();
  }, [syncGoogleUser]);

  return { start, isPending: popupOpen || isSyncing };
}
