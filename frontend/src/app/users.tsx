// Entry for the users screen (administrators only).
import type { UsersScreenData } from '../api/types';
import { UsersScreen } from '../features/people/UsersScreen';
import { mountScreen } from './mount';

mountScreen<UsersScreenData>((data) => <UsersScreen data={data} />);
