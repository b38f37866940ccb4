// Errors made by the client layer (src/client, vscode-free) carry English messages. Where a
// person reads one (the command wrapper's notification, the tree's error nodes) the common,
// known failures are said again in the display language, picked by kind and code; the English
// original stays in the log and, for anything not in this table, is shown as it is.
import * as vscode from 'vscode';
import { isApiError, isAuthError, isServiceNotEnabled } from '../client/errors';
import { jobOutcome } from '../client/rds/jobStates';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** The display-language sentence for a known failure, or undefined (then the error's own message applies). */
export function knownErrorText(err: unknown): string | undefined {
  if (isAuthError(err)) {
    return err.reason === 'forbidden'
      ? vscode.l10n.t(
          'The keys of the active profile lack a permission for this (80403). Ask the project admin, or use "NHN Cloud: Edit Profile" to use other keys.',
        )
      : vscode.l10n.t(
          'NHN Cloud did not accept the keys of the active profile (80401). Check them with "NHN Cloud: Edit Profile".',
        );
  }
  if (!isApiError(err)) return undefined;
  const code = err.code === undefined ? undefined : String(err.code);
  // A job that ended badly (waitForJob: the code is the job's state, as the service wrote it).
  if (err.operation === 'rds.getJob' && code && !err.retryable) {
    const outcome = jobOutcome(code);
    if (outcome === 'failed')
      return vscode.l10n.t("The job ended {0}. The DB instance's events say why; then try again.", code);
    if (outcome === 'unknown')
      return vscode.l10n.t(
        'The job stayed in the state {0}, which this version does not know, and is no longer followed. Check the DB instance and its events.',
        code,
      );
  }
  if (isServiceNotEnabled(err))
    return vscode.l10n.t(
      'The service is not enabled in this project. Enable it in the NHN Cloud console (Project > Service selection).',
    );
  if (code && NETWORK_CODES.has(code))
    return vscode.l10n.t(
      'NHN Cloud could not be reached ({0}). Check the network and the proxy settings (http.proxy, HTTPS_PROXY, NO_PROXY).',
      code,
    );
  if (code === 'SignatureDoesNotMatch' || code === 'AuthorizationHeaderMalformed')
    return vscode.l10n.t(
      'Object storage refused the request signature ({0}). Check the S3 keys and the S3 signing region of the profile (Edit Profile > Advanced).',
      code,
    );
  if (code === 'InvalidAccessKeyId')
    return vscode.l10n.t(
      'Object storage does not know the S3 access key of the profile. Check it with "NHN Cloud: Edit Profile".',
    );
  if (code === 'AccessDenied')
    return vscode.l10n.t(
      'Object storage denied access (AccessDenied). The keys of the profile lack a permission for this.',
    );
  if (code === 'NoSuchBucket') return vscode.l10n.t('The bucket does not exist (any more). Refresh the explorer.');
  if (code === 'NoSuchKey') return vscode.l10n.t('The object does not exist (any more). Refresh the explorer.');
  if (code === 'BucketNotEmpty') return vscode.l10n.t('The bucket is not empty: delete its objects first.');
  // A server that would hold the extension host (issue 62, item 4: the transport and ListingGuard).
  if (code === 'TooSlow')
    return vscode.l10n.t(
      'The server sent its answer too slowly and the call was stopped at its time limit ({0}). Check the network, or try again later; details are in the log.',
      err.operation,
    );
  if (code === 'AnswerTooLarge')
    return vscode.l10n.t(
      'The server sent an answer larger than the extension reads for one call ({0}), and reading stopped there. A proxy or a broken server may be in the way: check the endpoint in the profile; details are in the log.',
      err.operation,
    );
  if (code === 'MarkerRepeated')
    return vscode.l10n.t(
      'The server returned the same continuation marker twice ({0}), so the listing would never end; it was stopped. Try again later; details are in the log.',
      err.operation,
    );
  if (code === 'NoProgress')
    return vscode.l10n.t(
      'The server kept answering pages that made no progress ({0}), so the listing was stopped. Try again later; details are in the log.',
      err.operation,
    );
  if (code === 'ListingCeiling')
    return err.service === 'storage'
      ? vscode.l10n.t(
          'The listing reached the most keys one listing reads (the setting nhncloud.storage.maxListedKeys) and was stopped. List a narrower folder, or raise the setting.',
        )
      : vscode.l10n.t('The list reached the most items one listing reads and was stopped. List a narrower part.');
  if (code === 'RequestLimit')
    return vscode.l10n.t(
      'Object storage is at the request limit of the storage account (500 writes per second) and stayed there while the request was retried. Wait a minute and run it again; what finished before is kept.',
    );
  if (err.status === 429)
    return vscode.l10n.t('NHN Cloud is receiving too many requests (HTTP 429). Try again in a minute.');
  if (err.status !== undefined && err.status >= 500)
    return vscode.l10n.t(
      'NHN Cloud answered with a server error (HTTP {0}). Try again later; details are in the log.',
      err.status,
    );
  return undefined;
}

export function isEnglish(): boolean {
  return (vscode.env.language ?? 'en').toLowerCase().startsWith('en');
}

/** The message of an error as a tree node shows it: the known sentence outside English, else its own. */
export function errorMessage(err: unknown): string {
  const known = isEnglish() ? undefined : knownErrorText(err);
  if (known) return known;
  return err instanceof Error ? err.message : String(err);
}
