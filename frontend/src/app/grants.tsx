// Entry for the grants screen (administrators only).
import type { GrantsScreenData } from '../api/types';
import { GrantsScreen } from '../features/grants/GrantsScreen';
import { mountScreen } from './mount';

mountScreen<GrantsScreenData>((data) => <GrantsScreen data={data} />);
