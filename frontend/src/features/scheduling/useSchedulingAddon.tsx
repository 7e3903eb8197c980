// Scheduled changes as an editor add-on (features/pageEditor/addons.ts): "Schedule…" beside
// Save sends the form's payload to go live at a chosen time and puts the form back to the page
// as stored; a banner for each waiting or failed change (and one that went live meanwhile);
// and before a save that changes a field a waiting change sets, a question (issue 28).
import { useCallback } from 'react';
import { t } from '../../i18n';
import { formatNames, formatWhen } from '../../lib/when';
import { useToast } from '../../ui/toast';
import { attributeLabel, describeChanges } from '../pageEditor/addons';
import type { EditorAddonContext, EditorAddonParts } from '../pageEditor/addons';
import type { SchedulingApi } from './api';
import { ScheduleAction } from './components/ScheduleAction';
import { ScheduledBanner } from './components/ScheduledBanner';
import { ScheduledSection } from './components/ScheduledSection';
import { changedFields, waitingOverwrites } from './overwrites';
import { useScheduledChanges } from './useScheduledChanges';

export interface SchedulingAddonOptions {
  api?: SchedulingApi;
  confirm?: (message: string) => boolean;
}

const askBrowser = (message: string) => window.confirm(message);

export function useSchedulingAddon(
  { data, editor, locale, readOnly: shownOnly, submitOnly }: EditorAddonContext,
  { api, confirm = askBrowser }: SchedulingAddonOptions = {},
): EditorAddonParts {
  const toast = useToast();
  // A scheduled change goes live by itself: one who may only submit for review schedules none.
  const readOnly = shownOnly || submitOnly;
  const { templates, authors, locales } = data;
  const pageId = editor.page.id;
  const changes = useScheduledChanges(pageId, locale, api);
  const { payloadOf, draft, saved, page, replace, reload } = editor;
  // 'page' names the payload as a whole ("changes nothing"): its message says it all.
  const labelOf = useCallback(
    (attribute: string) => (attribute === 'page' ? '' : attributeLabel(attribute, templates)),
    [templates],
  );

  const schedule = useCallback(
    async (at: Date) => {
      const result = await changes.schedule({
        page: payloadOf(draft).page,
        at: at.toISOString(),
        lock_version: draft.lock_version,
      });
      if (result.kind === 'scheduled') {
        // The change is not live: the form shows the page as it is until then.
        replace(page, locale);
        toast
          .about(changeSubject(result.change.id))
          .notice(t('schedule.done', { time: formatWhen(result.change.at) }));
      }
      return result;
    },
    [changes, payloadOf, draft, page, replace, locale, toast],
  );

  // A save that changes a field a waiting change sets stops that change (the server keeps the
  // newer work): say which fields and when, and save only if the user still wants to.
  const beforeSave = useCallback(() => {
    const localizedBlock = (name: string) =>
      templates.some((template) =>
        [...template.blocks, ...template.metadata_blocks].some(
          (block) => block.name === name && block.localized,
        ),
      );
    const changed = changedFields(payloadOf(saved).page, payloadOf(draft).page);
    const overwrites = waitingOverwrites(changes.shown, changed, locale, localizedBlock);
    const first = overwrites[0];
    if (!first) return true;
    const fields = [...new Set(overwrites.flatMap((overwrite) => overwrite.fields))];
    const message = t('schedule.saveOverwrites', {
      fields: formatNames(fields.map((name) => `\u2068${attributeLabel(name, templates)}\u2069`)),
      time: formatWhen(first.change.at),
      count: overwrites.length,
    });
    return confirm(message);
  }, [templates, payloadOf, saved, draft, changes.shown, locale, confirm]);

  // What the cancel says takes the place of "Scheduled for…": that is no longer true.
  const cancel = async (id: number, waiting: boolean) => {
    const done = await changes.cancel(id);
    const messages = toast.about(changeSubject(id));
    if (!done) messages.error(t('schedule.cancelFailed'));
    else if (waiting) messages.notice(t('schedule.cancelled'));
    else messages.clear();
  };

  if (pageId === null) return {};
  return {
    actions: !readOnly && (
      <ScheduleAction
        dirty={editor.dirty}
        busy={editor.saving}
        onSchedule={schedule}
        labelOf={labelOf}
      />
    ),
    // Listed apart in the History panel.
    history: <ScheduledSection changes={changes.shown} />,
    beforeSave: readOnly ? undefined : beforeSave,
    banners: changes.shown.map((change) => {
      const values = changes.values.get(change.id);
      return (
        <ScheduledBanner
          key={change.id}
          change={change}
          rows={
            values
              ? describeChanges(values, { page, locale: change.locale, templates, authors })
              : null
          }
          onOpen={() => changes.loadValues(change.id)}
          otherLocale={
            change.locale === locale
              ? null
              : (locales.find((item) => item.code === change.locale)?.name ?? change.locale)
          }
          labelOf={labelOf}
          readOnly={readOnly}
          onCancel={() => void cancel(change.id, change.state === 'waiting')}
          onReload={() => {
            changes.acknowledge(change.id);
            void reload();
          }}
          confirm={confirm}
        />
      );
    }),
  };
}

/** The subject of the messages about one scheduled change. */
function changeSubject(id: number): string {
  return `scheduled-change-${id}`;
}
