// Entry for the page tree screen.
import type { PageTreeScreenData } from '../api/types';
import { PageTreeScreen } from '../features/pageTree/PageTreeScreen';
import { PendingChangesContext } from '../features/pageTree/pendingChanges';
import { useScheduledMarks } from '../features/scheduling/useScheduledMarks';
import { mountScreen } from './mount';

/** The tree with its rows' scheduled changes marked (features/scheduling reads them). */
function PageTreeWithMarks({ data }: { data: PageTreeScreenData }) {
  return (
    <PendingChangesContext.Provider value={useScheduledMarks()}>
      <PageTreeScreen data={data} />
    </PendingChangesContext.Provider>
  );
}

mountScreen<PageTreeScreenData>((data) => <PageTreeWithMarks data={data} />);
