// The one log of the extension: a LogOutputChannel "NHN Cloud" behind the Redactor, so no line
// reaches the channel (or the log file VS Code keeps of it) before every known secret is masked.
import * as vscode from 'vscode';
import { Redactor } from '../client/http/redact';
import type { Log } from './services';

export class RedactedLog implements Log, vscode.Disposable {
  readonly redactor: Redactor;
  private readonly channel: vscode.LogOutputChannel;

  constructor(redactor = new Redactor(), channel?: vscode.LogOutputChannel) {
    this.redactor = redactor;
    this.channel = channel ?? vscode.window.createOutputChannel('NHN Cloud', { log: true });
  }

  enabled(level: 'trace' | 'debug'): boolean {
    // LogLevel: Off 0, Trace 1, Debug 2, ...; a line is kept at or above the channel's level.
    const l = this.channel.logLevel;
    return l !== vscode.LogLevel.Off && l <= (level === 'trace' ? vscode.LogLevel.Trace : vscode.LogLevel.Debug);
  }
  trace(message: string): void {
    if (this.enabled('trace')) this.channel.trace(this.redactor.text(message));
  }
  debug(message: string): void {
    if (this.enabled('debug')) this.channel.debug(this.redactor.text(message));
  }
  info(message: string): void {
    this.channel.info(this.redactor.text(message));
  }
  warn(message: string): void {
    this.channel.warn(this.redactor.text(message));
  }
  error(message: string): void {
    this.channel.error(this.redactor.text(message));
  }
  show(): void {
    this.channel.show(true);
  }
  dispose(): void {
    this.channel.dispose();
  }
}
