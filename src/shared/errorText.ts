// What a person reads of a failure, in one place (issue 63, defect 3: Korean users read
// "network.updateFloatingIp: not found (HTTP 404): Port ... could not be found"). Errors made by
// the client layer (src/client, vscode-free) carry an English message for the log, naming the
// operation; here the sentence is built from their facts (the kind of failure by code and HTTP
// status) in the display language, English included, and the service's own words follow it as a
// quoted detail, never as the sentence. The operation id stays in the log (src/shared/commands.ts).
// test/unit/shared/l10nErrors.test.ts runs every error mapping of the clients through it in en and ko.
import * as vscode from 'vscode';
import {
  CLIENT_CODES,
  isApiError,
  LOCAL_FILE_CODES,
  isAuthError,
  isServiceNotEnabled,
  isValidationError,
} from '../client/errors';
import { jobOutcome } from '../client/rds/jobStates';
import { issueRuleText } from './ruleText';

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
    if (err.reason === 'forbidden' && err.permission)
      return vscode.l10n.t(
        'The keys of the active profile lack the permission {0} for this (80403). Ask a project ADMIN to grant it, or use "NHN Cloud: Edit Profile" to use the keys of a member who has it.',
        err.permission,
      );
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
  if (code && LOCAL_FILE_CODES.has(code))
    return code === 'ENOSPC' || code === 'EDQUOT'
      ? vscode.l10n.t('The disk is full ({0}): nothing incomplete was kept. Free some space and try again.', code)
      : vscode.l10n.t(
          'The file could not be written ({0}). Check that the folder exists and that you may write there, or choose another folder.',
          code,
        );
  if (code && NETWORK_CODES.has(code))
    return vscode.l10n.t(
      'NHN Cloud could not be reached ({0}). Check the network and the proxy settings (http.proxy, HTTPS_PROXY, NO_PROXY).',
      code,
    );
  if (code === CLIENT_CODES.connectionFailed)
    return vscode.l10n.t(
      'The connection to NHN Cloud failed. Check the network and the proxy settings (http.proxy, HTTPS_PROXY, NO_PROXY), then try again.',
    );
  if (code === CLIENT_CODES.sourceChanged)
    return err.operation === 'storage.getObject'
      ? vscode.l10n.t(
          'The object was replaced while it was being downloaded, so nothing was written. Refresh, then download it again.',
        )
      : vscode.l10n.t('The file changed while it was being uploaded, so nothing was stored. Upload it again.');
  if (code === CLIENT_CODES.endedEarly)
    return vscode.l10n.t(
      'The connection ended before the whole object arrived, and nothing incomplete was kept. Try again.',
    );
  if (code === CLIENT_CODES.wrongPart)
    return vscode.l10n.t(
      'Object storage sent another part of the object than the one asked for, so the download was stopped and nothing was kept. Try again.',
    );
  if (code === CLIENT_CODES.downloadFailed)
    return vscode.l10n.t('The download failed and nothing incomplete was kept. Try again; details are in the log.');
  if (code === CLIENT_CODES.copyFailed)
    return vscode.l10n.t('The copy failed and its unfinished parts were removed. Try again; details are in the log.');
  if (code === CLIENT_CODES.streamNotRepeatable)
    return vscode.l10n.t(
      'The upload had to be sent again, but its source can be read only once. Start the upload again.',
    );
  if (code === CLIENT_CODES.credentialLimit)
    return vscode.l10n.t(
      'The account already has the most S3 credentials it may have. Delete one with "Manage S3 Credentials...", then try again.',
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
      'The server sent its answer too slowly and the call was stopped at its time limit. Check the network, or try again later; details are in the log.',
    );
  if (code === 'AnswerTooLarge')
    return vscode.l10n.t(
      'The server sent an answer larger than the extension reads for one call, and reading stopped there. A proxy or a broken server may be in the way: check the endpoint in the profile; details are in the log.',
    );
  if (code === 'MarkerRepeated')
    return vscode.l10n.t(
      'The server returned the same continuation marker twice, so the listing would never end; it was stopped. Try again later; details are in the log.',
    );
  if (code === 'NoProgress')
    return vscode.l10n.t(
      'The server kept answering pages that made no progress, so the listing was stopped. Try again later; details are in the log.',
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
  if (code === 'UnexpectedAnswer')
    return vscode.l10n.t(
      'NHN Cloud answered in a form this version of the extension does not understand. The extension may need an update; details are in the log.',
    );
  if (code === 'BuildFailed')
    return vscode.l10n.t('The resource went to ERROR while it was being built. The NHN Cloud console shows why.');
  if (code === 'StillBuilding')
    return vscode.l10n.t(
      'The resource was still being built when the extension stopped waiting. Refresh later to see it ACTIVE.',
    );
  if (code === 'JobTimeout')
    return vscode.l10n.t(
      'The RDS job did not finish in the time the extension waits for it. It may still be running: check the DB instance later.',
    );
  if (code === 'OtherApiVersion')
    return vscode.l10n.t(
      'This needs another RDS API version than the profile uses. Choose the version with "NHN Cloud: Edit Profile" (Advanced).',
    );
  if (code === 'NotInApiVersion') return vscode.l10n.t("This site's RDS API does not offer this.");
  // A connection that failed or broke (the transport keeps the system's code: ECONNRESET, UND_ERR_...).
  if (err.status === undefined && err.retryable && code && /^(?:E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(code))
    return vscode.l10n.t(
      'NHN Cloud could not be reached ({0}). Check the network and the proxy settings (http.proxy, HTTPS_PROXY, NO_PROXY).',
      code,
    );
  if (err.status === 404)
    return vscode.l10n.t(
      'NHN Cloud could not find what the request names (HTTP 404). It may have been deleted meanwhile: refresh the view.',
    );
  if (err.status === 409)
    return vscode.l10n.t(
      'NHN Cloud refused the request: the resource is in use or conflicts with another (HTTP 409). Remove what depends on it first.',
    );
  if (err.status === 413)
    return vscode.l10n.t(
      'The request is over a quota of the project (HTTP 413). Free some resources, or ask for a larger quota.',
    );
  if (err.status !== undefined && err.status >= 400)
    return vscode.l10n.t('NHN Cloud refused the request (HTTP {0}).', err.status);
  if (code === CLIENT_CODES.httpStatus)
    return vscode.l10n.t(
      'NHN Cloud answered with HTTP {0}, which this version does not expect here. Try again later; details are in the log.',
      err.status ?? '?',
    );
  if (err.service === 'rds' && typeof err.code === 'number')
    return vscode.l10n.t('RDS refused the request (result code {0}).', err.code);
  return undefined;
}

/**
 * What a person reads of an error of the client layer, in the display language: the sentence of
 * its kind, then the service's own words quoted. Undefined for an error of no known kind (a
 * client error that says its own English sentence, or any other Error).
 */
export function errorText(err: unknown): string | undefined {
  if (isValidationError(err)) {
    // A form or a prompt names its fields by their labels; a request check of the client names the
    // API's field paths, which stay in the log.
    // A check of the extension's own (a profile without keys) is a whole sentence without a path;
    // a request check of the client names the API's field path and states the rule alone ("body.port_id:
    // must be a UUID"), English: the path and the rule stay in the log.
    // A check of the client (it always names a path) says its facts as a rule, read here in the
    // display language (object storage's bucket names, keys, files in the way); its English
    // message is the log's. A check without a rule is a caller's limit: a general sentence.
    const said = [
      ...new Set(
        err.issues.map((i) =>
          i.rule
            ? issueRuleText(i.rule)
            : i.path
              ? vscode.l10n.t(
                  'A value of the request is not accepted. Check what was entered and try again; the log names the field.',
                )
              : i.message,
        ),
      ),
    ];
    return said.join(' ') || undefined;
  }
  const known = knownErrorText(err);
  if (!known) return undefined;
  const detail = (isApiError(err) || isAuthError(err)) && err.detail ? err.detail.trim() : undefined;
  return detail
    ? [known, vscode.l10n.t('The service said: "{0}"', detail.replace(/\s+/g, ' ').slice(0, 300))].join(' ')
    : known;
}

/** The message of an error as a tree node shows it: the sentence of its kind, else its own. */
export function errorMessage(err: unknown): string {
  return errorText(err) ?? (err instanceof Error ? err.message : String(err));
}
