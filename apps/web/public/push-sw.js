// Printdeck's service worker for browser push: shows what the server sends and opens its link.
self.addEventListener('push', (event) => {
  let message = { title: 'Printdeck', body: '', url: '/' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // a push without a readable payload still tells the user something happened
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (url) event.waitUntil(self.clients.openWindow(url));
});
