// Where a stdio session's server processes come from. The first can be started ahead, before
// the session layer has loaded (launchSession), its output held until it is read; each
// connection attempt takes the next process: the one started ahead, then fresh ones (a legacy
// fallback or an era retry starts the server again). A process started ahead that no attempt
// took is handed back, to be ended like any session's server.

import { spawnServer, type SpawnOptions, type SpawnedServer } from './spawn.js';

export class ServerLauncher {
  private readonly options: SpawnOptions;
  private readonly now?: () => number;
  private ahead?: SpawnedServer;

  /** @param now the run's clock, on which each process's start is recorded. */
  constructor(options: SpawnOptions, now?: () => number) {
    this.options = options;
    this.now = now;
  }

  /** Starts the first process now. */
  startAhead(): this {
    this.ahead ??= spawnServer(this.options, { holdOutput: true, now: this.now });
    return this;
  }

  /** The process started ahead, until an attempt takes it (its connect deadline counts from its start). */
  get waiting(): SpawnedServer | undefined {
    return this.ahead;
  }

  /** The process for the next connection attempt. */
  next(): SpawnedServer {
    const server = this.ahead ?? spawnServer(this.options, { now: this.now });
    this.ahead = undefined;
    return server;
  }

  /** The process started ahead, if no attempt took it. */
  untaken(): SpawnedServer | undefined {
    const server = this.ahead;
    this.ahead = undefined;
    return server;
  }
}
