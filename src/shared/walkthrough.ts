// The Get Started walkthrough (package.json `walkthroughs`, steps sandbox, profile, browse,
// dbUser, object, exportLog) ticks a step where the user has really done it: a profile saved (not
// the Add Profile wizard merely opened and cancelled), a region opened, a DB user accepted by the
// API, an object read, a log export finished.
//
// Why not only `completionEvents` (issue 25, defect 7, every step stayed unticked):
// - `onCommand:` never fires for a tree click: a tree item's command whose argument is a node
//   object reaches the workbench as `_internal_command_delegation`, not under its own id;
// - the workbench's walkthrough service is created only when a Welcome page or walkthrough first
//   opens, and it drops every event from before (and an `onContext:` key already true when it
//   starts counts as seen, never as done). Someone who opens the walkthrough after doing a step
//   (the usual order) saw it unticked.
// So the step is also marked through `welcome.markStepComplete`, which creates the service and
// stores the progress. The context keys stay as the documented completion events for a workbench
// without that command.
import * as vscode from 'vscode';

export type WalkthroughStep = 'sandbox' | 'profile' | 'browse' | 'dbUser' | 'object' | 'exportLog';

/** The context key of a step, as package.json's completionEvents name it (`onContext:<key>`). */
export const walkthroughContextKey = (step: WalkthroughStep): string => `nhncloud.walkthrough.${step}`;

let extensionId = '';
const reported = new Set<WalkthroughStep>();

/** Set at activation: a step's full id is `<extension id>#getStarted#<step>`. */
export function initWalkthrough(id: string): void {
  extensionId = id;
}

/** Says once per window that the user has done `step`; the walkthrough ticks it and remembers it. */
export function walkthroughStepDone(step: WalkthroughStep): void {
  if (reported.has(step)) return;
  reported.add(step);
  void vscode.commands.executeCommand('setContext', walkthroughContextKey(step), true);
  if (extensionId)
    void Promise.resolve(
      vscode.commands.executeCommand('welcome.markStepComplete', `${extensionId}#getStarted#${step}`),
    ).catch(() => undefined);
}
