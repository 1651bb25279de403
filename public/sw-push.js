/* Web Push for CourseCraft's service worker: public/sw.js imports this file (importScripts("/sw-push.js")).
 * The server sends the day's reminder as JSON { title, body, url }; a click opens (or focuses) the app at url. */
self.addEventListener("push", (event) => {
  let message = { title: "CourseCraft", body: "", url: "/review" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/review";
  event.waitUntil(self.registration.showNotification(message.title, { body: message.body, tag: "coursecraft-reminder", data: { url } }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/review", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (client.url === target && "focus" in client) return client.focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
