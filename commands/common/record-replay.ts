// --record FILE and --replay FILE for this run: the file checked (or read) before anything
// starts, the exchange handed to every session, and the recording written once every server
// has ended. Loads src/mcp/record/ only when one of the flags is given.

import path from 'node:path';
import type { Context } from '../../src/io.js';
import { McpctlError, usageError } from '../../src/errors.js';
import { Secrets } from '../../src/redact.js';
import type { Exchange } from '../../src/mcp/record/exchange.js';
import type { Player } from '../../src/mcp/record/player.js';
import type { Recorder } from '../../src/mcp/record/recorder.js';
import type { GlobalOptions } from './global-options.js';

export class RecordReplay {
  private recorder?: Recorder;
  private player?: Player;
  private readonly secrets: Secrets;

  private constructor(
    private readonly ctx: Context,
    private readonly mode: 'record' | 'replay',
    private readonly file: string,
  ) {
    this.secrets = ctx.secrets ?? new Secrets();
  }

  /** Undefined when neither flag is given; both at once is a usage error. */
  static of(ctx: Context, global: GlobalOptions): RecordReplay | undefined {
    if (global.record !== undefined && global.replay !== undefined)
      throw usageError('--record and --replay cannot be used together', {
        hint: 'record a run with --record FILE, then replay it with --replay FILE',
      });
    if (global.record !== undefined) return new RecordReplay(ctx, 'record', global.record);
    if (global.replay !== undefined) return new RecordReplay(ctx, 'replay', global.replay);
    return undefined;
  }

  /** Before the command runs: the recording's file is checked, the replay's read. */
  async prepare(): Promise<void> {
    const full = path.resolve(this.ctx.cwd, this.file);
    if (this.mode === 'record') {
      const { checkReportFile } = await import('../../src/output/report-file.js');
      await checkReportFile(full, this.file, '--record');
      this.recorder = new (await import('../../src/mcp/record/recorder.js')).Recorder();
    } else {
      // Replaying loads the session layer's SDK here: no server boots meanwhile anyway.
      const { readRecording } = await import('../../src/mcp/record/recording.js');
      const recording = await readRecording(full, this.file);
      this.player = new (await import('../../src/mcp/record/player.js')).Player(this.file, recording, this.secrets);
    }
  }

  /** What the sessions of this run record into or replay from (after prepare()). */
  get exchange(): Exchange | undefined {
    return this.recorder ?? this.player;
  }

  /** How long a turn with `server` took: kept when recording, as recorded when replaying. */
  turn(server: string, measured: number): number {
    return (this.recorder ?? this.player)?.turn(server, measured) ?? measured;
  }

  /**
   * Once every server has ended: the recording is written (a failed command's too: replaying
   * a failure is worth as much). A replay mismatch the run did not report itself is returned.
   */
  async finish(exitCode: number): Promise<McpctlError | undefined> {
    if (this.player) return exitCode === 0 ? this.player.mismatch : undefined;
    if (!this.recorder) return undefined;
    const { writeReportFile } = await import('../../src/output/report-file.js');
    try {
      await writeReportFile(
        path.resolve(this.ctx.cwd, this.file),
        this.recorder.text(this.secrets),
        this.file,
        '--record',
      );
    } catch (err) {
      if (err instanceof McpctlError) return err;
      throw err;
    }
    return undefined;
  }
}
