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

  trace(message: string): void {
    this.channel.trace(this.redactor.text(message));
  }
  debug(message: string): void {
    this.channel.debug(this.redactor.text(message));
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
