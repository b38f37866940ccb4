// The editor's action panel: the diff of pending changes before Save (with the restart
// warning), the Copy-as-new-group form and the comparison with another group of the version.
import { l10n } from '../../src/shared/l10n';
import { compareGroups, needsRestart, type DiffRow, type Parameter } from '../../src/panels/model/parameters';
import { h } from '../shared/dom';
import { button, notice, type Control } from '../shared/form';
import { client } from '../shared/rpc';

const rpc = client<'parameterGroup'>();

interface GroupRef {
  parameterGroupId: string;
  parameterGroupName: string;
}

/** The pending changes as a diff, the edits that fail their check, and Save (off while any fails). */
export function showChanges(
  panel: HTMLElement,
  rows: DiffRow[],
  invalid: string[],
  instanceNames: string[],
  onSave: (modifiedParameters: Array<{ parameterId: string; value: string }>) => Promise<void>,
): void {
  const restartWarn = needsRestart(rows)
    ? notice(
        'warning',
        instanceNames.length
          ? l10n.t(
              'Some changes are applied through the configuration file (FILE/BOTH): these instances restart when the group is applied: {0}.',
              instanceNames.join(', '),
            )
          : l10n.t(
              'Some changes are applied through the configuration file (FILE/BOTH): instances restart when the group is applied.',
            ),
      )
    : null;
  const save = button(
    l10n.t('Save'),
    () => void onSave(rows.map((r) => ({ parameterId: r.parameterId, value: r.to }))),
    {
      id: 'save',
      disabled: invalid.length > 0,
    },
  );
  panel.replaceChildren(
    h('h2', null, l10n.t('Changes')),
    h(
      'table',
      { class: 'summary diff' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...[l10n.t('Parameter'), l10n.t('Saved value'), l10n.t('New value'), l10n.t('Apply type')].map((t) =>
            h('th', { scope: 'col' }, t),
          ),
        ),
      ),
      h(
        'tbody',
        null,
        ...rows.map((r) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row' }, r.parameterName),
            h('td', { class: 'diff-from' }, r.from),
            h('td', { class: 'diff-to' }, r.to),
            h('td', null, r.applyType),
          ),
        ),
      ),
    ),
    ...invalid.map((m) => notice('error', m)),
    ...(restartWarn ? [restartWarn] : []),
    h(
      'div',
      { class: 'actions' },
      save,
      button(l10n.t('Close'), () => panel.replaceChildren(), { secondary: true }),
    ),
  );
  save.focus();
}

/** The form that copies `group` under a new name (the copy opens in a new editor). */
export function showCopyForm(panel: HTMLElement, group: GroupRef): void {
  const name = h('vscode-textfield', { 'aria-label': l10n.t('Name of the copy'), id: 'copy-name' }) as Control;
  name.value = `${group.parameterGroupName}-copy`;
  const desc = h('vscode-textfield', { 'aria-label': l10n.t('Description of the copy') }) as Control;
  const go = async () => {
    if (!name.value.trim()) return void (name.invalid = true);
    try {
      await rpc.request('copy', {
        parameterGroupId: group.parameterGroupId,
        parameterGroupName: name.value.trim(),
        ...(desc.value ? { description: desc.value } : {}),
      });
      panel.replaceChildren(notice('info', l10n.t('Copied as {0}; it opened in a new editor.', name.value.trim())));
    } catch (e) {
      panel.append(notice('error', (e as Error).message));
    }
  };
  panel.replaceChildren(
    h('h2', null, l10n.t('Copy as a new group')),
    h('label', null, l10n.t('Name'), ' ', name),
    h('label', null, ' ', l10n.t('Description'), ' ', desc),
    h(
      'div',
      { class: 'actions' },
      button(l10n.t('Copy'), () => void go()),
      button(l10n.t('Cancel'), () => panel.replaceChildren(), { secondary: true }),
    ),
  );
  name.focus();
}

/** Picks another group of the same version and lists the parameters whose values differ. */
export function showCompareForm(
  panel: HTMLElement,
  group: GroupRef & { dbVersion: string },
  others: GroupRef[],
  params: Parameter[],
): void {
  if (!others.length)
    return void panel.replaceChildren(
      notice('info', l10n.t('No other parameter group of {0} to compare with.', group.dbVersion)),
    );
  const pick = h(
    'vscode-single-select',
    { 'aria-label': l10n.t('Group to compare with') },
    ...others.map((g) => h('vscode-option', { value: g.parameterGroupId }, g.parameterGroupName)),
  ) as Control;
  const out = h('div');
  const go = async () => {
    const other = others.find((g) => g.parameterGroupId === pick.value) ?? others[0];
    out.replaceChildren(h('p', null, l10n.t('Comparing...')));
    try {
      const r = await rpc.request('compare', { parameterGroupId: other.parameterGroupId });
      const diff = compareGroups(params, r.parameters);
      out.replaceChildren(
        diff.length
          ? h(
              'table',
              { class: 'summary diff' },
              h(
                'thead',
                null,
                h(
                  'tr',
                  null,
                  h('th', { scope: 'col' }, l10n.t('Parameter')),
                  h('th', { scope: 'col' }, group.parameterGroupName),
                  h('th', { scope: 'col' }, other.parameterGroupName),
                ),
              ),
              h(
                'tbody',
                null,
                ...diff.map((d) =>
                  h(
                    'tr',
                    null,
                    h('th', { scope: 'row' }, d.parameterName),
                    h('td', null, d.left ?? l10n.t('(not in this group)')),
                    h('td', null, d.right ?? l10n.t('(not in this group)')),
                  ),
                ),
              ),
            )
          : notice('info', l10n.t('The two groups hold the same values.')),
      );
    } catch (e) {
      out.replaceChildren(notice('error', (e as Error).message));
    }
  };
  panel.replaceChildren(
    h('h2', null, l10n.t('Compare with another group')),
    pick,
    h(
      'div',
      { class: 'actions' },
      button(l10n.t('Compare'), () => void go()),
      button(l10n.t('Close'), () => panel.replaceChildren(), { secondary: true }),
    ),
    out,
  );
}
