"use client";

import { useMemo, useState, type FormEvent } from "react";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { isIanaTimeZone, REMINDER_KINDS, REMINDER_MESSAGES, type ReminderKind } from "~/lib/rules/reminders";
import type { ReminderSettingsView } from "~/lib/schemas/reminders";
import { api } from "~/trpc/react";

const KIND_LABELS: Record<ReminderKind, string> = {
  "due-cards": "Cards due for review",
  streak: "My streak ends today",
  assignments: "An assignment is due within 48 hours",
};

const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isIanaTimeZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The browser's push subscription for this site, made through the service worker (public/sw-push.js handles what arrives). */
async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    throw new Error("This browser cannot receive push notifications.");
  }
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error("Notifications are blocked for this site in your browser settings.");
  const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register("/sw-push.js"));
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
    }));
  return subscription.toJSON();
}

async function thisBrowsersEndpoint(): Promise<string | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe().catch(() => false);
  return endpoint;
}

/** When and how the learner is reminded: by e-mail (a verified address) or push, at a local hour, and of what. */
export function RemindersCard() {
  const settings = api.reminders.settings.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Reminders</CardTitle>
        <CardDescription>
          At most one reminder a day, at the hour you choose, and only when there is something to do. E-mail goes to a verified address only.
        </CardDescription>
      </CardHeader>
      <CardContent>{settings.data ? <RemindersForm saved={settings.data} /> : <Spinner label="Loading your reminder settings" />}</CardContent>
    </Card>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettingsView }) {
  const utils = api.useUtils();
  const zones = useMemo(() => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []), []);
  const [email, setEmail] = useState(saved.email);
  const [push, setPush] = useState(saved.push);
  const [hour, setHour] = useState(saved.hour);
  // A learner who never chose a zone (the default, UTC) starts from the browser's. The form renders in the browser only, once the settings are loaded.
  const [timeZone, setTimeZone] = useState(() => (saved.timeZone === "UTC" ? (browserTimeZone() ?? saved.timeZone) : saved.timeZone));
  const [kinds, setKinds] = useState<ReminderKind[]>(saved.kinds);
  const [zoneError, setZoneError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const subscribe = api.push.subscribe.useMutation();
  const unsubscribe = api.push.unsubscribe.useMutation();
  const update = api.reminders.update.useMutation();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const zone = timeZone.trim();
    if (!isIanaTimeZone(zone)) {
      setZoneError(REMINDER_MESSAGES.unknownTimeZone);
      return;
    }
    setZoneError(undefined);
    setBusy(true);
    try {
      if (push && !saved.push) {
        const { publicKey } = await utils.push.vapidPublicKey.fetch();
        const json = await subscribeThisBrowser(publicKey);
        await subscribe.mutateAsync({ endpoint: json.endpoint ?? "", keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } });
      } else if (!push && saved.push) {
        const endpoint = await thisBrowsersEndpoint();
        if (endpoint) await unsubscribe.mutateAsync({ endpoint });
      }
      const stored = await update.mutateAsync({ email, push, hour, timeZone: zone, kinds });
      utils.reminders.settings.setData(undefined, stored);
      toast({
        title: "Reminder settings saved",
        description: email || push ? `Reminders come at ${hourLabel(stored.hour)} (${stored.timeZone}).` : "Reminders are off.",
      });
    } catch (failure) {
      toast({ variant: "destructive", title: "Could not save the reminder settings", description: failureText(failure, "Please try again.") });
    } finally {
      setBusy(false);
    }
  }

  const toggleKind = (kind: ReminderKind, on: boolean) => setKinds((current) => REMINDER_KINDS.filter((k) => (k === kind ? on : current.includes(k))));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5" aria-label="Reminder settings">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Send reminders by</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="email" checked={email} onChange={(event) => setEmail(event.target.checked)} />
          E-mail
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="push" checked={push} onChange={(event) => setPush(event.target.checked)} />
          Push notifications in this browser
        </label>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="reminder-hour">Hour</Label>
          <Select id="reminder-hour" name="hour" value={hour} onChange={(event) => setHour(Number(event.target.value))}>
            {Array.from({ length: 24 }, (_, h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reminder-time-zone">Time zone</Label>
          <Input
            id="reminder-time-zone"
            name="timeZone"
            list="reminder-time-zones"
            autoComplete="off"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={zoneError ? "reminder-time-zone-error" : undefined}
          />
          <datalist id="reminder-time-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          {zoneError ? (
            <p id="reminder-time-zone-error" className="text-sm font-medium text-destructive dark:text-red-300">
              {zoneError}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Remind me when</legend>
        {REMINDER_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={`kind-${kind}`} checked={kinds.includes(kind)} onChange={(event) => toggleKind(kind, event.target.checked)} />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {busy ? <Spinner tone="current" /> : null}
        Save reminders
      </Button>
    </form>
  );
}
