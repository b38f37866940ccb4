// Imported first by main.ts, for its side effect: the vscode-free translator (./l10n.ts, used by
// validators and form models that also run in the webviews) reads the same bundle VS Code loaded
// for this extension, before any module builds its constant labels.
import * as vscode from 'vscode';
import { setL10nBundle } from './l10n';

setL10nBundle(vscode.l10n.bundle, vscode.env.language);
