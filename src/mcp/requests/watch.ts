// Watching a server for changes: one resource (resources/subscribe on the 2025 revisions, a
// subscriptions/listen stream on 2026-07-28; the SDK dispatches both to the same handlers) or
// the tool list (list_changed). `onChange` runs once at the start (after the handlers are in
// place, so no change is missed), then after each change, one run at a time, changes that
// arrive meanwhile folded into one more run. The watch ends at the deadline or on the signal.

import type { Session } from '../session/session.js';

export type WatchTarget = { kind: 'resource'; uri: string } | { kind: 'tools' };

export interface WatchSettings {
  /** Epoch milliseconds when the watch ends; none: until the signal. */
  deadline?: number;
  now(): number;
  signal: AbortSignal;
  onChange(): Promise<void>;
}

/** Resolves when the watch ends by its deadline or its signal (Ctrl-C); rejects if a change fails. */
export async function watch(
  session: Session,
  target: WatchTarget,
  s: WatchSettings,
): Promise<'deadline' | 'interrupted'> {
  const { client } = session;
  let failed: ((err: unknown) => void) | undefined;
  const failure = new Promise<never>((_, reject) => (failed = reject));
  failure.catch(() => {});
  let running: Promise<void> | undefined;
  let again = false;
  const changed = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await s.onChange();
      } while (again);
    })()
      .catch((err: unknown) => failed?.(err))
      .finally(() => (running = undefined));
  };
  if (target.kind === 'resource') {
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      if (n.params.uri === target.uri) changed();
    });
  } else {
    client.setNotificationHandler('notifications/tools/list_changed', () => changed());
  }
  let close: (() => Promise<unknown>) | undefined;
  if (session.era === 'modern') {
    const subscription = await client.listen(
      target.kind === 'resource' ? { resourceSubscriptions: [target.uri] } : { toolsListChanged: true },
      session.requestOptions(),
    );
    close = () => subscription.close();
  } else if (target.kind === 'resource') {
    await client.subscribeResource({ uri: target.uri }, session.requestOptions());
  }
  changed();
  try {
    return await Promise.race([ended(s), failure]);
  } finally {
    await close?.().catch(() => {});
  }
}

function ended(s: WatchSettings): Promise<'deadline' | 'interrupted'> {
  return new Promise((resolve) => {
    if (s.signal.aborted) return resolve('interrupted');
    const timer =
      s.deadline === undefined ? undefined : setTimeout(() => resolve('deadline'), Math.max(0, s.deadline - s.now()));
    s.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve('interrupted');
      },
      { once: true },
    );
  });
}
