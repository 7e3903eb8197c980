// Tab switcher for server-rendered pages (spec §2): list items carrying
// data-tab switch which [data-tab-panel] is shown, using history state and
// the address fragment so back/forward and reloads keep the tab.

interface TabState {
  tab: string;
}

function isTabState(value: unknown): value is TabState {
  return (
    typeof value === 'object' && value !== null && 'tab' in value && typeof value.tab === 'string'
  );
}

/** Set up every data-tab list in the document; return a function that removes the listeners. */
export function setupTabs(doc: Document = document, win: Window = window): () => void {
  const items = Array.from(doc.querySelectorAll<HTMLElement>('[data-tab]'));
  if (items.length === 0) return () => undefined;
  const names = items.map((item) => item.dataset.tab ?? '');
  const panels = Array.from(doc.querySelectorAll<HTMLElement>('[data-tab-panel]')).filter((panel) =>
    names.includes(panel.dataset.tabPanel ?? ''),
  );

  for (const list of new Set(items.map((item) => item.parentElement))) {
    list?.setAttribute('role', 'tablist');
  }
  for (const item of items) {
    item.setAttribute('role', 'presentation');
    const link = item.querySelector('a');
    link?.setAttribute('role', 'tab');
    link?.setAttribute('aria-controls', `tab-panel-${item.dataset.tab ?? ''}`);
  }
  for (const panel of panels) {
    panel.setAttribute('role', 'tabpanel');
    if (!panel.id) panel.id = `tab-panel-${panel.dataset.tabPanel ?? ''}`;
  }

  const show = (name: string) => {
    for (const item of items) {
      const selected = item.dataset.tab === name;
      item.classList.toggle('current', selected);
      item.querySelector('a')?.setAttribute('aria-selected', String(selected));
    }
    for (const panel of panels) panel.hidden = panel.dataset.tabPanel !== name;
  };

  const fromFragment = () => {
    const name = decodeURIComponent(win.location.hash.replace(/^#/, ''));
    return names.includes(name) ? name : null;
  };
  const initial =
    fromFragment() ??
    items.find((item) => item.classList.contains('current'))?.dataset.tab ??
    names[0] ??
    '';
  show(initial);
  win.history.replaceState({ ...(win.history.state as object | null), tab: initial }, '');

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const item = target?.closest<HTMLElement>('[data-tab]');
    if (!item || !items.includes(item) || !target?.closest('a')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    const name = item.dataset.tab ?? '';
    show(name);
    win.history.pushState({ tab: name }, '', `#${name}`);
  };
  const onPopState = (event: PopStateEvent) => {
    const name =
      isTabState(event.state) && names.includes(event.state.tab) ? event.state.tab : fromFragment();
    show(name ?? initial);
  };

  doc.addEventListener('click', onClick);
  win.addEventListener('popstate', onPopState);
  return () => {
    doc.removeEventListener('click', onClick);
    win.removeEventListener('popstate', onPopState);
  };
}
