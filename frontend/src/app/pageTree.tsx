// Entry for the page tree screen.
import { useMemo } from 'react';
import type { PageTreeScreenData } from '../api/types';
import { createPageSelection } from '../entities/pageSelection/selection';
import { BulkActions } from '../features/bulk/BulkActions';
import { PageTreeScreen } from '../features/pageTree/PageTreeScreen';
import { PendingChangesContext } from '../features/pageTree/pendingChanges';
import { useScheduledMarks } from '../features/scheduling/useScheduledMarks';
import { mountScreen } from './mount';

/**
 * The tree with its rows' scheduled changes marked (features/scheduling reads them) and bulk
 * actions on the pages ticked in it (features/bulk acts on the selection the tree fills).
 */
function PageTreeWithMarks({ data }: { data: PageTreeScreenData }) {
  const selection = useMemo(() => createPageSelection(), []);
  return (
    <PendingChangesContext.Provider value={useScheduledMarks()}>
      <PageTreeScreen
        data={data}
        selection={selection}
        selectionActions={(host) => (
          <BulkActions
            selection={selection}
            locale={data.locale}
            host={host}
            storage={window.sessionStorage}
          />
        )}
      />
    </PendingChangesContext.Provider>
  );
}

mountScreen<PageTreeScreenData>((data) => <PageTreeWithMarks data={data} />);
