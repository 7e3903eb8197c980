// The image library's calls: one page of results for the filters, and deleting an image.
import type { ImageLibraryPage } from '../../api/types';
import { api } from '../../api/client';
import { deleteMedium } from '../../entities/media/common/deletion';
import type { DeleteResult } from '../../entities/media/common/deletion';
import { libraryParams } from './model';
import type { LibraryFilters } from './model';

export interface LibraryApi {
  search(filters: LibraryFilters): Promise<ImageLibraryPage>;
  /** Delete an image no page shows. */
  remove(id: number): Promise<DeleteResult>;
}

export const libraryApi: LibraryApi = {
  search: (filters) => api.get('/admin/images.json', { query: libraryParams(filters) }),
  remove: (id) => deleteMedium('image', id),
};
