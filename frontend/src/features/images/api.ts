// The image library's call: one page of results for the filters.
import type { ImageLibraryPage } from '../../api/types';
import { getJSON } from '../../lib/http';
import { LIBRARY_API_URL, libraryQuery } from './model';
import type { LibraryFilters } from './model';

export interface LibraryApi {
  search(filters: LibraryFilters): Promise<ImageLibraryPage>;
}

export const libraryApi: LibraryApi = {
  search: (filters) => getJSON<ImageLibraryPage>(`${LIBRARY_API_URL}${libraryQuery(filters)}`),
};
