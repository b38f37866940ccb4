// What the activation shim (src/extension.ts) shares with the profile store (./store.ts): where
// the profiles are kept, and the context keys about them, set by the shim as the extension
// activates and kept current by the store. A module of its own so the shim can share the names
// without loading the store.
import * as vscode from 'vscode';

/** The globalState key of the stored profiles (their non-secret part). */
export const PROFILES_KEY = 'nhncloud.profiles';
/** Where the active profile's id is kept. */
export const ACTIVE_KEY = 'nhncloud.activeProfile';

/** True once the extension has activated and at least one profile is stored. */
export const HAS_PROFILES_CONTEXT = 'nhncloud.hasProfiles';
/**
 * True once the extension has activated and no profile is stored: the first-use welcome's clause.
 * Not `!nhncloud.hasProfiles`: every key is undefined until the extension activates, so that
 * clause held in every fresh window and the welcome (Add Profile, Explore the Sandbox) was drawn,
 * then taken away, in front of a user's profiles at each cold open.
 */
export const NO_PROFILES_CONTEXT = 'nhncloud.noProfiles';

/** Sets both keys for a store holding `count` profiles. */
export function setProfileCountContext(count: number): Thenable<unknown> {
  return Promise.all([
    vscode.commands.executeCommand('setContext', HAS_PROFILES_CONTEXT, count > 0),
    vscode.commands.executeCommand('setContext', NO_PROFILES_CONTEXT, count === 0),
  ]);
}
