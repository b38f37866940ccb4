// What a person calls each site of the table (src/client/sites.ts), in the display language.
// The table holds addresses; the words are here, beside the wizard and the tree that show them.
import * as vscode from 'vscode';
import { SITES, type SiteId } from '../client/sites';

/** The name the profile wizard lists a site under (its domain is shown beside it). */
export function siteName(id: SiteId): string {
  switch (id) {
    case 'public':
      return vscode.l10n.t('Public cloud');
    case 'gov':
      return vscode.l10n.t('Government cloud');
    case 'ngcc':
      return vscode.l10n.t('Object storage only: ngcc-kr4');
    default:
      return vscode.l10n.t('Public-sector site {0}', SITES[id].domain);
  }
}

/** The short form a profile's row and pick say (lower case in English: "active · public cloud"). */
export function siteShortName(id: SiteId): string {
  switch (id) {
    case 'public':
      return vscode.l10n.t('public cloud');
    case 'gov':
      return vscode.l10n.t('gov cloud');
    default:
      return SITES[id].domain;
  }
}
