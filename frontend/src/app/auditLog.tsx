// Entry for the site-wide log screen (administrators only).
import type { AuditLogScreenData } from '../api/types';
import { AuditLogScreen } from '../features/history/AuditLogScreen';
import { mountScreen } from './mount';

mountScreen<AuditLogScreenData>((data) => <AuditLogScreen data={data} />);
