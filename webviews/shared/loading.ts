// The loading state of a panel's first request, with automatic retries and a Retry button.
import { l10n } from '../../src/shared/l10n';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { h } from './dom';
import { button, notice } from './form';

/**
 * Shows "Loading", runs `load`, and on failure offers Retry instead of a blank page. A panel
 * restored by a window reload can ask before its profile's client is ready (the sandbox starts
 * with the tree), so a failure is retried twice by itself before it is shown.
 */
export function loading(host: HTMLElement, what: string, load: () => Promise<void>, retries = 2): void {
  host.setAttribute('aria-busy', 'true');
  host.replaceChildren(
    h(
      'p',
      { class: 'loading' },
      h('vscode-progress-ring', { 'aria-label': l10n.t('Loading') }),
      ' ',
      l10n.t('Loading {0}...', what),
    ),
  );
  load()
    .then(() => host.setAttribute('aria-busy', 'false'))
    .catch((e: Error) => {
      if (retries > 0) {
        setTimeout(() => loading(host, what, load, retries - 1), 2000 * (3 - retries));
        return;
      }
      host.setAttribute('aria-busy', 'false');
      host.replaceChildren(
        notice('error', l10n.t('Could not load {0}: {1}', what, e.message)),
        button(l10n.t('Retry'), () => loading(host, what, load)),
      );
    });
}
