// Links as an editor add-on (issue 33, DESIGN §3 Links; features/pageEditor/addons.ts): the
// sidebar says "Linked from N pages" (read after the editor has painted, listed in a
// disclosure, paged), each block names the broken links its text writes, and Save first asks,
// with the linking pages listed, when it would unpublish or delete a page others link to.
import { useCallback, useMemo, useRef } from 'react';
import type { Block } from '../../api/types';
import { createLinksApi } from '../../entities/links/api';
import type { LinksApi } from '../../entities/links/api';
import { confirmPageGoes } from '../../entities/links/confirmPageGoes';
import type { PageGoing } from '../../entities/links/LinkWarning';
import { useLinkedFrom } from '../../entities/links/useLinkedFrom';
import { t } from '../../i18n';
import { STATUS_DELETED, STATUS_HIDDEN, STATUS_PUBLISHED, visitorsReach } from '../../lib/page';
import type { EditorAddonContext, EditorAddonParts } from '../pageEditor/addons';
import { BrokenLinksNote } from './BrokenLinksNote';
import { LinksPanel } from './LinksPanel';
import { useBrokenLinks } from './useBrokenLinks';
import './links.css';

export interface LinksAddonOptions {
  api?: LinksApi;
  /** Ask before an unpublish or delete (a dialog; the tests answer it themselves). */
  confirm?: typeof confirmPageGoes;
}

/** What saving the status chosen does to the page's links (null: nothing for them). */
export function pageGoing(saved: number, chosen: number): PageGoing | null {
  if (visitorsReach(saved) && !visitorsReach(chosen)) {
    return chosen === STATUS_DELETED ? 'delete' : 'unpublish';
  }
  // Hidden, the page stays reachable: its links work; only menus, feeds and sitemaps lose it.
  if (saved === STATUS_PUBLISHED && chosen === STATUS_HIDDEN) return 'hide';
  return null;
}

export function useLinksAddon(
  { editor, locale, readOnly }: EditorAddonContext,
  { api, confirm = confirmPageGoes }: LinksAddonOptions = {},
): EditorAddonParts {
  const calls = useMemo(() => api ?? createLinksApi(), [api]);
  const pageId = editor.page.id;
  const linked = useLinkedFrom(calls, locale, pageId);
  const broken = useBrokenLinks(calls, locale, pageId, editor.page.lock_version);
  const going = pageGoing(editor.saved.status, editor.draft.status);
  const total = linked.total ?? 0;
  const asks =
    !readOnly && pageId !== null && total > 0 && (going === 'delete' || going === 'unpublish');

  const blockParts = useCallback(
    (block: Block) => {
      const here = broken.links.filter((link) => link.block === block.name);
      return here.length > 0 ? { below: <BrokenLinksNote links={here} /> } : {};
    },
    [broken.links],
  );

  // The name the question gives the page: the saved one in this locale, as the tree shows it.
  const names = editor.saved.blocks.name;
  const name = typeof names === 'string' ? names : (names?.[locale] ?? '');
  const { save } = editor;
  const asking = useRef(false);
  const beforeSave = useCallback(() => {
    if (asking.current || pageId === null || !going || going === 'hide') return true;
    asking.current = true;
    void confirm({
      going,
      pageId,
      name,
      locale,
      question: t(going === 'delete' ? 'tree.deleteConfirmation' : 'links.question.unpublish'),
    }).then((yes) => {
      // Asked last of the add-ons (app/editorAddons.tsx): the others have said yes already.
      if (yes) void save().finally(() => (asking.current = false));
      else asking.current = false;
    });
    return false;
  }, [confirm, going, locale, name, pageId, save]);

  if (pageId === null) return {};
  return {
    sidebar: (
      <LinksPanel
        pageId={pageId}
        locale={locale}
        linked={linked}
        going={readOnly ? null : going}
        moreBroken={broken.total > broken.links.length}
      />
    ),
    blockParts: broken.links.length > 0 ? blockParts : undefined,
    beforeSave: asks ? beforeSave : undefined,
  };
}
