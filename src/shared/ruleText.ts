// What a person reads of a value the client's checks refused (a bucket name, an object key, a file
// in the way of a download): the checks in src/client state facts (`IssueRule`) beside an English
// message for the log, and these sentences say them in the display language. vscode-free: the
// prompts' validateInput and src/shared/errorText.ts both use it.
import type { BucketNameProblem, IssueRule } from '../client/errors';
import { l10n } from './l10n';

/** One naming rule a bucket name breaks, as a whole sentence. */
export function bucketNameProblemText(problem: BucketNameProblem): string {
  switch (problem) {
    case 'length':
      return l10n.t('A bucket name is 3 to 63 characters long.');
    case 'characters':
      return l10n.t('A bucket name may contain only lower-case letters, digits, dots and hyphens.');
    case 'ends':
      return l10n.t('A bucket name begins and ends with a letter or a digit.');
    case 'twoDots':
      return l10n.t('A bucket name cannot contain two dots in a row.');
    case 'ipAddress':
      return l10n.t('A bucket name cannot look like an IP address.');
  }
}

/** The sentence for a refused value, in the display language. */
export function issueRuleText(rule: IssueRule): string {
  switch (rule.id) {
    case 'bucketName':
      return [l10n.t('"{0}" is not a valid bucket name.', rule.name), ...rule.problems.map(bucketNameProblemText)].join(
        ' ',
      );
    case 'keyEmpty':
      return l10n.t('The object key is empty: give the object a name.');
    case 'keyTooLong':
      return l10n.t('The object key is longer than 1024 bytes (UTF-8): shorten the name or its folders.');
    case 'keyNamesNoFile':
      return l10n.t(
        'The object key "{0}" names no file (it is only slashes or dots), so it was not downloaded.',
        rule.key,
      );
    case 'keyOutsideFolder':
      return l10n.t(
        'The object key "{0}" would be written outside {1}, so it was not downloaded.',
        rule.key,
        rule.folder,
      );
    case 'throughLink':
      return l10n.t(
        '{0} is a symbolic link: nothing is written through a link. Choose another folder or remove the link.',
        rule.path,
      );
    case 'inTheWay':
      return l10n.t('{0} is in the way of {1}: move it, or download to another folder.', rule.path, rule.file);
    case 'streamShort':
      return l10n.t('The data ended before its announced size, so nothing was stored. Start the upload again.');
  }
}
