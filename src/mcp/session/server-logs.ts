// The server's log messages (notifications/message) shown while a session runs, one line each:
// a handler registered before the client connects, so no message of the session is missed.

import type { Client, LoggingMessageNotification } from '@modelcontextprotocol/client';

export function formatLogMessage(server: string, params: LoggingMessageNotification['params']): string {
  const data = typeof params.data === 'string' ? params.data : JSON.stringify(params.data);
  return `${server}: [${params.level}]${params.logger ? ` ${params.logger}:` : ''} ${data}`;
}

/** Shows every log message the server sends, through `write` (one line each). */
export function showServerLogs(client: Client, server: string, write: (line: string) => void): void {
  client.setNotificationHandler('notifications/message', (notification) =>
    write(formatLogMessage(server, notification.params)),
  );
}
